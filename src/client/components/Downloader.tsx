/**
 * The link form of the home page and of every tool page, driven by the tools table.
 * Validates before any request (spec §5).
 */
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { FormId } from '../../shared/tools.ts';
import { toolById } from '../../shared/tools.ts';
import { looksLikeInstagramLink, looksLikeProfileInput } from '../lib/validate-link.ts';

export function Downloader({ form }: { form: FormId }) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const profile = form !== 'home' && toolById(form).input === 'username';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = link.trim();
    const valid = profile ? looksLikeProfileInput(value) : looksLikeInstagramLink(value);
    if (!valid) {
      toast.error(t(profile ? 'errors.invalidProfile' : 'errors.invalidUrl'));
      return;
    }
  };

  return (
    <form onSubmit={onSubmit} className="mx-auto flex w-full max-w-2xl flex-col gap-2 sm:flex-row" noValidate={false}>
      <label htmlFor={`link-${form}`} className="sr-only">
        {t(profile ? 'downloader.profileInputLabel' : 'downloader.inputLabel')}
      </label>
      <input
        id={`link-${form}`}
        name="url"
        type={profile ? 'text' : 'url'}
        required
        autoComplete="off"
        inputMode={profile ? 'text' : 'url'}
        value={link}
        onChange={(e) => setLink(e.target.value)}
        placeholder={t(profile ? 'downloader.profilePlaceholder' : 'downloader.placeholder')}
        className="min-h-12 flex-1 rounded-lg border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
      />
      <button type="submit" className="min-h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-400">
        {t(profile ? 'downloader.view' : 'downloader.search')}
      </button>
    </form>
  );
}
