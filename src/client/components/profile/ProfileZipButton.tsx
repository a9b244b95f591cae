/**
 * "Download all" of the profile view: one ZIP of every section, of one section, or of the ticked items. The POST
 * mints a signed GET link (…/zip/{token}) and the browser's download manager takes it, as the batch ZIP does: the
 * archive streams to disk with the browser's own progress, never into this tab's memory (a blob a phone or an in-app
 * browser may not save, of hundreds of MB for a big profile). The server caps the posts; the page says so before the
 * click.
 */
import { useState } from 'react';
import type { ProfilePicks, ProfileSection } from '../../../shared/profile-api.ts';
import { browserEnv, prefersDirectDownload } from '../../lib/download-env.ts';
import { startBrowserDownload } from '../../lib/download-save.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { requestProfileZip } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';

type State = 'idle' | 'asking' | 'started';

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
  const { t } = useTranslation();
  const [state, setState] = useState<State>('idle');
  const asking = state === 'asking';

  const download = async () => {
    if (asking) return;
    setState('asking');
    const zip = await requestProfileZip(username, sections, picked?.picks);
    if (!zip.ok) {
      setState('idle');
      return void notify.error(t(errorMessageKey(zip.failure, 'home')));
    }
    startBrowserDownload(zip.value.zipUrl, prefersDirectDownload(browserEnv()));
    setState('started');
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={() => void download()}
        aria-disabled={asking}
        data-testid={picked ? 'zip-ticked' : small ? 'zip-section' : 'zip-all'}
        className={
          small
            ? `${tileButton} border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:text-slate-500`
            : `${tileButton} bg-brand-700 px-5 text-white hover:bg-brand-800 aria-disabled:bg-slate-500`
        }
      >
        {asking
          ? t('downloader.preparingZip')
          : picked
            ? t('profileView.downloadTicked', { count: picked.count })
            : t(small ? 'profileView.downloadSection' : 'batch.downloadAll')}
      </button>
      {!small && !picked && <p className="text-sm text-slate-700">{t('profileView.zipNote')}</p>}
      {/* Always present, so a screen reader hears it politely: the browser shows the progress from here. */}
      <p role="status" aria-live="polite" data-testid="zip-started" className="text-sm text-slate-800">
        {state === 'started' ? t('profileView.zipStarted') : ''}
      </p>
    </div>
  );
}
