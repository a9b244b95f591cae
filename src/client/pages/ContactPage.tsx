/** The contact form: Name, Email, Message, all required. What was typed stays when sending fails. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/translator.ts';
import { useLocation } from 'react-router';
import { splitLanguage } from '../../shared/paths.ts';
import { Spinner } from '../components/Spinner.tsx';
import { sendContactMessage, type ContactOutcome } from '../lib/contact-api.ts';

const fieldClass = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-base';

export function ContactPage() {
  const { t } = useTranslation();
  const { lang } = splitLanguage(useLocation().pathname);
  const openedAt = useRef(Date.now());
  const [fields, setFields] = useState({ name: '', email: '', message: '', website: '' });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ContactOutcome | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // The disabled Send button dropped the focus: move it to the first field to correct, else back to Send.
  useEffect(() => {
    if (!outcome || sending) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (!document.activeElement || document.activeElement === document.body) form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [outcome, sending]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    const result = await sendContactMessage({ ...fields, lang, elapsedMs: Date.now() - openedAt.current });
    setOutcome(result);
    setSending(false);
    if (result.ok) setFields({ name: '', email: '', message: '', website: '' });
  };

  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const fieldError = (key: 'name' | 'email' | 'message') => (outcome && !outcome.ok ? outcome.fields?.[key] : undefined);

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{t('contact.title')}</h1>
      <p className="mt-3 text-slate-700">{t('contact.intro')}</p>
      <form ref={form} onSubmit={onSubmit} className="mt-8 space-y-5">
        {(['name', 'email'] as const).map((key) => (
          <div key={key}>
            <label htmlFor={`contact-${key}`} className="font-medium">{t(`contact.${key}`)}</label>
            <input id={`contact-${key}`} name={key} type={key === 'email' ? 'email' : 'text'} required autoComplete={key} value={fields[key]} onChange={set(key)}
              aria-invalid={fieldError(key) ? true : undefined} aria-describedby={fieldError(key) ? `contact-${key}-error` : undefined} className={fieldClass} />
            {fieldError(key) && <p id={`contact-${key}-error`} className="mt-1 text-sm text-red-700">{t(fieldError(key)!)}</p>}
          </div>
        ))}
        <div>
          <label htmlFor="contact-message" className="font-medium">{t('contact.message')}</label>
          <textarea id="contact-message" name="message" required rows={6} value={fields.message} onChange={set('message')}
            aria-invalid={fieldError('message') ? true : undefined} aria-describedby={fieldError('message') ? 'contact-message-error' : undefined} className={fieldClass} />
          {fieldError('message') && <p id="contact-message-error" className="mt-1 text-sm text-red-700">{t(fieldError('message')!)}</p>}
        </div>
        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" value={fields.website} onChange={set('website')} />
        </div>
        <button type="submit" disabled={sending} className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-400">
          {sending && <Spinner className="h-5 w-5" />}
          {t(sending ? 'contact.sending' : 'contact.send')}
        </button>
        <div role="status" aria-live="polite">
          {outcome?.ok && <p className="rounded-lg bg-brand-50 p-4 text-brand-900">{t('contact.success')}</p>}
          {outcome && !outcome.ok && <p className="rounded-lg bg-red-50 p-4 text-red-800">{t(outcome.messageKey)}</p>}
        </div>
      </form>
    </div>
  );
}
