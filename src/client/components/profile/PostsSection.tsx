/** The posts of the profile view, newest first, a page at a time ("Load more"); each post downloads alone. */
import { useState } from 'react';
import { MAX_BATCH_LINKS } from '../../../shared/api.ts';
import type { ProfilePostsPage, ProfileView } from '../../../shared/profile-api.ts';
import { isUnavailableSection } from '../../../shared/profile-api.ts';
import { requestBatchZip } from '../../lib/batch-api.ts';
import { browserEnv, prefersDirectDownload } from '../../lib/download-env.ts';
import { startBrowserDownload } from '../../lib/download-save.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { fetchMorePosts } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';
import { PostTile, postLink } from './PostTile.tsx';
import { ProfileZipButton } from './ProfileZipButton.tsx';
import { SectionNotice } from './SectionNotice.tsx';

export function PostsSection({ username, posts, headingId }: { username: string; posts: ProfileView['posts']; headingId: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<ProfilePostsPage[]>(isUnavailableSection(posts) ? [] : [posts]);
  const [loading, setLoading] = useState(false);
  const [ticked, setTicked] = useState<string[]>([]);
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
  const tick = (code: string, on: boolean) => setTicked((codes) => (on ? [...codes, code] : codes.filter((c) => c !== code)));
  // The feed put these posts in the server's cache: their batch ZIP asks Instagram nothing.
  const downloadTicked = async () => {
    const outcome = await requestBatchZip({ links: ticked.map((code) => ({ url: postLink(code) })) });
    if (!outcome.ok) return void notify.error(t(errorMessageKey(outcome.failure, 'home')));
    startBrowserDownload(outcome.zip.zipUrl, prefersDirectDownload(browserEnv()));
    notify.success(t('success.started'));
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-bold text-slate-900">{t('profileView.posts')}</h3>
      {ticked.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" onClick={() => void downloadTicked()} className={`${tileButton} bg-brand-700 text-white hover:bg-brand-800`}>
            {t('profileView.downloadTicked', { count: ticked.length })}
          </button>
          {ticked.length >= MAX_BATCH_LINKS && <p className="text-sm text-slate-700">{t('profileView.tickLimit', { max: MAX_BATCH_LINKS })}</p>}
        </div>
      )}
      {items.length > 0 && <ProfileZipButton username={username} sections={['posts']} small />}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('profileView.noPosts')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((post) => (
            <PostTile key={post.code} post={post} ticked={ticked.includes(post.code)} canTick={ticked.length < MAX_BATCH_LINKS} onTick={(on) => tick(post.code, on)} />
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
