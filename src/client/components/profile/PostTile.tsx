/** One post of the profile view's grid: its thumbnail, what it is, its own download, and its box for the ZIP of ticked items. */
import { useState } from 'react';
import type { ProfilePost } from '../../../shared/profile-api.ts';
import { resolveLink } from '../../lib/api-client.ts';
import { browserEnv, prefersDirectDownload } from '../../lib/download-env.ts';
import { startBrowserDownload } from '../../lib/download-save.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';
import { TickBox } from './TickBox.tsx';
import { postKey, type Ticking } from './ticks.ts';

export const postLink = (code: string) => `https://www.instagram.com/p/${code}/`;

const TYPE_KEY = { image: 'downloader.photoLabel', video: 'downloader.videoLabel', carousel: 'profileView.carousel' } as const;

export function PostTile({ post, ticking }: { post: ProfilePost; ticking: Ticking }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = `${t(TYPE_KEY[post.type])} · ${post.code}`;
  // The feed already put the post in the server's cache: this lookup asks Instagram nothing.
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await resolveLink({ url: postLink(post.code) });
      if (!outcome.ok) return void notify.error(t(errorMessageKey(outcome.failure, 'home')));
      const { resolution } = outcome;
      startBrowserDownload(resolution.zipUrl ?? resolution.items[0]!.downloadUrl, prefersDirectDownload(browserEnv()));
      notify.success(t('success.started'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="profile-post">
      <img src={post.thumbnail} alt={label} loading="lazy" className="aspect-square w-full bg-slate-100 object-cover" />
      <div className="flex flex-col gap-1 p-2">
        <p id={`post-${post.code}`} className="truncate text-sm text-slate-700">{label}</p>
        <TickBox ticking={ticking} tickKey={postKey(post.code)} describedBy={`post-${post.code}`} />
        <button type="button" onClick={() => void download()} aria-disabled={busy} aria-label={`${t('downloader.download')}: ${label}`} className={`${tileButton} bg-brand-700 text-white hover:bg-brand-800 aria-disabled:bg-slate-500`}>
          {t('downloader.download')}
        </button>
      </div>
    </li>
  );
}
