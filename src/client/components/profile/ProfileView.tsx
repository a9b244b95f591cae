/**
 * One profile's view (issue 30): the HD picture, the current stories, the highlight albums and the posts, each
 * section or why it is not shown, and one ZIP of it all. Loaded only when a username is looked up (never with the
 * page). The profile tool already shows the picture as its result, so there the view shows the sections alone.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { MAX_PICKED_ITEMS, type ProfileView as ProfileViewData } from '../../../shared/profile-api.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { fetchProfileView } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { Spinner } from '../Spinner.tsx';
import { HighlightsSection } from './HighlightsSection.tsx';
import { tileButton } from './MediaTile.tsx';
import { PostsSection } from './PostsSection.tsx';
import { ProfileAbout } from './ProfileAbout.tsx';
import { ProfileZipButton } from './ProfileZipButton.tsx';
import { StoriesSection } from './StoriesSection.tsx';
import { SectionNotice } from './SectionNotice.tsx';
import { picksOf, type Ticking } from './ticks.ts';
import type { OpenViewer, ViewerItem } from './viewer-items.ts';

// The viewer's code comes at the first tap on an item, not with the view.
const ItemViewer = lazy(() => import('./ItemViewer.tsx').then((m) => ({ default: m.ItemViewer })));

type Loaded = { state: 'loading' } | { state: 'ready'; view: ProfileViewData } | { state: 'failed'; key: string };

export function ProfileView({ username, showPicture }: { username: string; showPicture: boolean }) {
  const { t } = useTranslation();
  const ids = { heading: useId(), stories: useId(), highlights: useId(), posts: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // Ticked story items, highlight items and posts together (ticks.ts keys), for one ZIP of them alone.
  const [ticked, setTicked] = useState<string[]>([]);
  const ticking: Ticking = {
    has: (key) => ticked.includes(key),
    set: (key, on) => setTicked((keys) => (on ? (keys.includes(key) ? keys : [...keys, key]) : keys.filter((k) => k !== key))),
    full: ticked.length >= MAX_PICKED_ITEMS,
  };

  /** The items the viewer steps through, where it opened, and the tile that opened it (its focus comes back there). */
  const [viewing, setViewing] = useState<{ items: ViewerItem[]; start: number; opener: Element | null } | null>(null);
  const open: OpenViewer = (items, start) => setViewing({ items, start, opener: document.activeElement });
  const closeViewer = () => {
    const opener = viewing?.opener;
    setViewing(null);
    if (opener instanceof HTMLElement) requestAnimationFrame(() => opener.focus());
  };

  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    setTicked([]);
    void fetchProfileView(username).then((outcome) => {
      if (!current) return;
      setLoaded(outcome.ok ? { state: 'ready', view: outcome.value } : { state: 'failed', key: errorMessageKey(outcome.failure, 'profile') });
    });
    return () => {
      current = false;
    };
  }, [username]);

  // On the story page the view is the answer: it takes the focus, as results do.
  useEffect(() => {
    if (loaded.state === 'ready' && showPicture) heading.current?.focus();
  }, [loaded.state, showPicture]);

  if (loaded.state === 'loading') {
    return (
      <div className="mt-8 flex justify-center text-brand-700">
        <Spinner label={t('a11y.loading')} />
      </div>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <p role="alert" className="mx-auto mt-6 max-w-2xl rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        {t(loaded.key)}
      </p>
    );
  }
  const { view } = loaded;
  const { user } = view;
  return (
    <section aria-labelledby={ids.heading} data-testid="profile-view" className="mx-auto mt-8 flex w-full max-w-5xl flex-col gap-5 text-start sm:gap-8">
      <div className="flex items-center gap-4">
        {showPicture && <img src={user.picture.mediaUrl} alt={t('profileView.pictureAlt', { username: user.username })} className="h-20 w-20 shrink-0 rounded-full border border-slate-200 object-cover sm:h-28 sm:w-28" />}
        <div className="flex min-w-0 flex-col gap-2">
          <h2 ref={heading} id={ids.heading} tabIndex={-1} className="break-words text-xl font-bold text-slate-900">
            {user.fullName ? `${user.fullName} ` : ''}
            <span dir="ltr" className="font-normal text-slate-700">@{user.username}</span>
          </h2>
          {user.about && <ProfileAbout about={user.about} />}
          {showPicture && (
            <a href={user.picture.downloadUrl} download={user.picture.filename} className={`${tileButton} self-start border border-brand-700 text-brand-800 hover:bg-brand-50`}>
              {t('profileView.downloadPicture')}
            </a>
          )}
        </div>
      </div>
      {user.private ? (
        // One notice for the whole account, and nothing to download but the picture.
        <SectionNotice section={{ unavailable: 'private' }} />
      ) : (
        <>
          <StoriesSection username={user.username} stories={view.stories} headingId={ids.stories} ticking={ticking} open={open} />
          <HighlightsSection username={user.username} highlights={view.highlights} headingId={ids.highlights} ticking={ticking} open={open} />
          <ProfileZipButton username={user.username} />
          <PostsSection username={user.username} posts={view.posts} headingId={ids.posts} ticking={ticking} open={open} />
        </>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <ItemViewer items={viewing.items} start={viewing.start} onClose={closeViewer} />
        </Suspense>
      )}
      {ticked.length > 0 && (
        // Stays in sight while the visitor ticks further down the page.
        <div data-testid="ticked-bar" className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white py-3">
          <ProfileZipButton username={user.username} picked={{ picks: picksOf(ticked), count: ticked.length }} />
          {ticking.full && <p className="text-sm text-slate-700">{t('profileView.tickLimit', { max: MAX_PICKED_ITEMS })}</p>}
        </div>
      )}
    </section>
  );
}
