/**
 * "Download all" of the profile view: one ZIP of every section (POST …/zip, then the archive fetched with its
 * progress shown and saved under its own name). The server caps the posts; the page says so before the click.
 */
import { useState } from 'react';
import { filenameFromDisposition, progressPercent, readWithProgress, saveBlob } from '../../lib/download.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { requestProfileZip } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';

type State = { step: 'idle' } | { step: 'preparing' } | { step: 'receiving'; received: number; percent: number | null };

export function ProfileZipButton({ username }: { username: string }) {
  const { t, language } = useTranslation();
  const [state, setState] = useState<State>({ step: 'idle' });
  const busy = state.step !== 'idle';
  const megabytes = (bytes: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1_048_576);

  const download = async () => {
    if (busy) return;
    setState({ step: 'preparing' });
    try {
      const zip = await requestProfileZip(username, ['stories', 'highlights', 'posts']);
      if (!zip.ok) return void notify.error(t(errorMessageKey(zip.failure, 'home')));
      const response = await fetch(zip.value.zipUrl);
      if (!response.ok) return void notify.error(t('errors.downloadFailedFile'));
      const blob = await readWithProgress(response, (received, total) => setState({ step: 'receiving', received, percent: progressPercent(received, total) }));
      saveBlob(blob, filenameFromDisposition(response.headers.get('content-disposition')) ?? `instagram-${username}-profile.zip`);
      notify.success(t('profileView.zipSaved'));
    } catch {
      notify.error(t('errors.downloadFailedFile'));
    } finally {
      setState({ step: 'idle' });
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" onClick={() => void download()} aria-disabled={busy} className={`${tileButton} bg-brand-700 px-5 text-white hover:bg-brand-800 aria-disabled:bg-slate-500`}>
        {busy ? t('downloader.preparingZip') : t('batch.downloadAll')}
      </button>
      <p className="text-sm text-slate-700">{t('profileView.zipNote')}</p>
      {/* Always present, so a screen reader hears the progress politely. */}
      <p role="status" aria-live="polite" data-testid="zip-progress" className="text-sm text-slate-800">
        {state.step === 'receiving' ? t('profileView.zipProgress', { size: megabytes(state.received) }) : ''}
      </p>
      {state.step === 'receiving' && state.percent !== null && <progress max={100} value={state.percent} aria-label={t('batch.downloadAll')} className="w-full max-w-xs" />}
    </div>
  );
}
