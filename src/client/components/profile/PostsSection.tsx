/** The posts of the profile view, newest first, a page at a time ("Load more"); each post downloads alone or is ticked. */
import { useState } from 'react';
import type { ProfilePostsPage, ProfileView } from '../../../shared/profile-api.ts';
import { isUnavailableSection } from '../../../shared/profile-api.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { notify } from '../../lib/notify.ts';
import { fetchMorePosts } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { tileButton } from './MediaTile.tsx';
import { postLabel, PostTile } from './PostTile.tsx';
import { ProfileZipButton } from './ProfileZipButton.tsx';
import { SectionNotice } from './SectionNotice.tsx';
import type { Ticking } from './ticks.ts';
import { postViewerItem, type OpenViewer } from './viewer-items.ts';

export function PostsSection({ username, posts, headingId, ticking, open }: { username: string; posts: ProfileView['posts']; headingId: string; ticking: Ticking; open: OpenViewer }) {
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
          {items.map((post, index) => (
            <PostTile key={post.code} post={post} ticking={ticking} onOpen={() => open(items.map((one) => postViewerItem(one, postLabel(t, one))), index)} />
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
