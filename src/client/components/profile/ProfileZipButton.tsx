/**
 * "Download all" of the profile view: one ZIP of every section (POST …/zip, then the archive fetched with its
 * progress shown and saved under its own name). The server caps the posts; the page says so before the click.
 */
import { useState } from 'react';
import type { ProfilePicks, ProfileSection } from '../../../shared/profile-api.ts';
import { filenameFromDisposition, progressPercent, readWithProgress } from '../../lib/download-fetch.ts';
import { saveBlob } from '../../lib/download-save.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { requestProfileZip } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';

type State = { step: 'idle' } | { step: 'preparing' } | { step: 'receiving'; received: number; percent: number | null };

/** The header the archive carries when the cap left older posts out (http/users/zip.ts). */
const POSTS_CUT_HEADER = 'x-gramsave-posts-cut';

/** `sections`: the whole profile by default, or one section (its own smaller button); `picked`: the ticked items alone, `count` of them. */
export function ProfileZipButton({
  username,
  sections = ['stories', 'highlights', 'posts'],
  small = false,
  picked,
}: {
  username: string;
  sections?: ProfileSection[];
  small?: boolean;
  picked?: { picks: ProfilePicks; count: number };
}) {
  const { t, language } = useTranslation();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [cutAt, setCutAt] = useState<number | null>(null);
  const busy = state.step !== 'idle';
  const megabytes = (bytes: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1_048_576);

  const download = async () => {
    if (busy) return;
    setState({ step: 'preparing' });
    try {
      const zip = await requestProfileZip(username, sections, picked?.picks);
      if (!zip.ok) return void notify.error(t(errorMessageKey(zip.failure, 'home')));
      const response = await fetch(zip.value.zipUrl);
      if (!response.ok) return void notify.error(t('errors.downloadFailedFile'));
      const cut = Number(response.headers.get(POSTS_CUT_HEADER));
      setCutAt(cut > 0 ? cut : null);
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
      <button
        type="button"
        onClick={() => void download()}
        aria-disabled={busy}
        className={
          small
            ? `${tileButton} border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:text-slate-500`
            : `${tileButton} bg-brand-700 px-5 text-white hover:bg-brand-800 aria-disabled:bg-slate-500`
        }
      >
        {busy
          ? t('downloader.preparingZip')
          : picked
            ? t('profileView.downloadTicked', { count: picked.count })
            : t(small ? 'profileView.downloadSection' : 'batch.downloadAll')}
      </button>
      {!small && !picked && <p className="text-sm text-slate-700">{t('profileView.zipNote')}</p>}
      {cutAt !== null && (
        <p data-testid="zip-cut" className="text-sm font-semibold text-slate-900">
          {t('profileView.zipCut', { max: cutAt })}
        </p>
      )}
      {/* Always present, so a screen reader hears the progress politely. */}
      <p role="status" aria-live="polite" data-testid="zip-progress" className="text-sm text-slate-800">
        {state.step === 'receiving' ? t('profileView.zipProgress', { size: megabytes(state.received) }) : ''}
      </p>
      {state.step === 'receiving' && state.percent !== null && <progress max={100} value={state.percent} aria-label={t('batch.downloadAll')} className="w-full max-w-xs" />}
    </div>
  );
}
