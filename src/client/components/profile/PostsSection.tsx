/** The posts of the profile view, newest first, a page at a time ("Load more"); each post downloads alone. */
import { useState } from 'react';
import type { ProfilePost, ProfilePostsPage, ProfileView } from '../../../shared/profile-api.ts';
import { isUnavailableSection } from '../../../shared/profile-api.ts';
import { resolveLink } from '../../lib/api-client.ts';
import { browserEnv, prefersDirectDownload, startBrowserDownload } from '../../lib/download.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { fetchMorePosts } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';
import { ProfileZipButton } from './ProfileZipButton.tsx';
import { SectionNotice } from './SectionNotice.tsx';

const TYPE_KEY = { image: 'downloader.photoLabel', video: 'downloader.videoLabel', carousel: 'profileView.carousel' } as const;

function PostTile({ post }: { post: ProfilePost }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = `${t(TYPE_KEY[post.type])} · ${post.code}`;
  // The feed already put the post in the server's cache: this lookup asks Instagram nothing.
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await resolveLink({ url: `https://www.instagram.com/p/${post.code}/` });
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
        <p className="truncate text-sm text-slate-700">{label}</p>
        <button type="button" onClick={() => void download()} aria-disabled={busy} aria-label={`${t('downloader.download')}: ${label}`} className={`${tileButton} bg-brand-700 text-white hover:bg-brand-800 aria-disabled:bg-slate-500`}>
          {t('downloader.download')}
        </button>
      </div>
    </li>
  );
}

export function PostsSection({ username, posts, headingId }: { username: string; posts: ProfileView['posts']; headingId: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<ProfilePostsPage[]>(isUnavailableSection(posts) ? [] : [posts]);
  const [loading, setLoading] = useState(false);
  if (isUnavailableSection(posts)) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">{t('profileView.posts')}</h3>
        <SectionNotice section={posts} />
      </section>
    );
  }
  const items = pages.flatMap((page) => page.items);
  const next = pages.at(-1)?.next ?? null;
  const loadMore = async () => {
    if (!next || loading) return;
    setLoading(true);
    const outcome = await fetchMorePosts(username, next);
    setLoading(false);
    if (outcome.ok) setPages((shown) => [...shown, outcome.value]);
    else notify.error(t(errorMessageKey(outcome.failure, 'home')));
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-bold text-slate-900">{t('profileView.posts')}</h3>
      {items.length > 0 && <ProfileZipButton username={username} sections={['posts']} small />}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('profileView.noPosts')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((post) => (
            <PostTile key={post.code} post={post} />
          ))}
        </ul>
      )}
      {next && (
        <button type="button" onClick={() => void loadMore()} aria-disabled={loading} className={`${tileButton} self-center border border-brand-700 text-brand-800 hover:bg-brand-50`}>
          {loading ? t('a11y.loading') : t('profileView.loadMore')}
        </button>
      )}
    </section>
  );
}
