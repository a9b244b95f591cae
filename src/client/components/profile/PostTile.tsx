/** One post of the profile view's grid: its thumbnail, what it is, its own download, and its box for the ZIP of ticked items. */
import type { ProfilePost } from '../../../shared/profile-api.ts';
import { browserEnv, prefersDirectDownload } from '../../lib/download-env.ts';
import { startBrowserDownload } from '../../lib/download-save.ts';
import { notify } from '../../lib/notify.ts';
import { useTranslation, type Translator } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';
import { PostCaption } from './PostCaption.tsx';
import { TickBox } from './TickBox.tsx';
import { postKey, type Ticking } from './ticks.ts';

const TYPE_KEY = { image: 'downloader.photoLabel', video: 'downloader.videoLabel', carousel: 'profileView.carousel' } as const;

/** A post's label: "Carousel · CODE". */
export const postLabel = (t: Translator['t'], post: ProfilePost) => `${t(TYPE_KEY[post.type])} · ${post.code}`;

/** `onOpen`: the viewer at this post. */
export function PostTile({ post, ticking, onOpen }: { post: ProfilePost; ticking: Ticking; onOpen: () => void }) {
  const { t } = useTranslation();
  const label = postLabel(t, post);
  // The link came with the feed page (signed then): no lookup, so it works however long the view has been open.
  const download = () => {
    startBrowserDownload(post.downloadUrl, prefersDirectDownload(browserEnv()));
    notify.success(t('success.started'));
  };
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="profile-post">
      <button type="button" onClick={onOpen} aria-haspopup="dialog" aria-label={t('profileView.openItem', { label })} className="block">
        <img src={post.thumbnail} alt="" loading="lazy" className="aspect-square w-full bg-slate-100 object-cover" />
      </button>
      <div className="flex flex-col gap-1 p-2">
        <p id={`post-${post.code}`} className="truncate text-sm text-slate-700">{label}</p>
        <PostCaption {...(post.takenAt ? { takenAt: post.takenAt } : {})} {...(post.caption ? { caption: post.caption } : {})} />
        <TickBox ticking={ticking} tickKey={postKey(post.code)} describedBy={`post-${post.code}`} />
        <button type="button" onClick={download} aria-label={`${t('downloader.download')}: ${label}`} className={`${tileButton} bg-brand-700 text-white hover:bg-brand-800`}>
          {t('downloader.download')}
        </button>
      </div>
    </li>
  );
}
