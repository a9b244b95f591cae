/**
 * A page of a user's posts by the first path that answers (issue 36). With a session: the REST feed, then the GraphQL
 * timeline (the feed redirects live sessions home or answers 401 since August 2026, gallery-dl #9731, #9714, #9346,
 * while their other calls answer: its wall does not set the session aside). Without one: the username feed, then the
 * anonymous timeline (instaloader PR #2722, #2739: the peers disagree on how far each pages, so each page tries both).
 * A throttle (429, `feedback_required`, instaloader #2744) ends the page at once: asking on would only deepen it.
 */
import { ExtractError } from '../../failure.ts';
import type { UpstreamClient } from '../client.ts';
import { fetchTimelinePage } from './profile-timeline.ts';
import { fetchFeedPage, type FeedPage } from './user-feed.ts';
import type { UserQueries } from './user-query.ts';

export type PostsPath = 'feed-user' | 'feed-username' | 'profile-timeline';

export interface PostsPathsDeps {
  client: UpstreamClient;
  queries: UserQueries;
  /** The username feed's page (the view shares its first page with the picture's lookup). */
  usernameFeed(maxId: string | undefined, signal: AbortSignal): Promise<FeedPage>;
}

/** Told each path's outcome, for the log and check-live. */
export type PostsPathStep = (path: PostsPath, outcome: 'ok' | ExtractError) => void;

/** Failures that say the same on every path: asking another would not change them. */
const FINAL = new Set(['rate_limited', 'private', 'not_found', 'timeout']);

export async function fetchPostsPage(
  deps: PostsPathsDeps,
  user: { id: string; username: string },
  maxId: string | undefined,
  signal: AbortSignal,
  onStep?: PostsPathStep,
): Promise<FeedPage> {
  const withSession = deps.client.hasSession;
  const paths: [PostsPath, () => Promise<FeedPage>][] = withSession
    ? [
        ['feed-user', () => fetchFeedPage(deps.client, user.id, maxId, signal)],
        ['profile-timeline', () => fetchTimelinePage(deps.queries, user.username, maxId, true, signal)],
      ]
    : [
        ['feed-username', () => deps.usernameFeed(maxId, signal)],
        ['profile-timeline', () => fetchTimelinePage(deps.queries, user.username, maxId, false, signal)],
      ];
  const failures: ExtractError[] = [];
  for (const [path, fetch] of paths) {
    try {
      const page = await fetch();
      onStep?.(path, 'ok');
      return page;
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      onStep?.(path, err);
      if (FINAL.has(err.kind)) throw err;
      failures.push(err);
    }
  }
  // No path answered: where one was walled, a login is what would list them (the other's refusal, a bare 403 past the
  // first page, instaloader PR #2722, says no more); else the first failure (a 5xx is upstream_unavailable).
  return Promise.reject(failures.find((f) => f.kind === 'login_required') ?? failures[0]!);
}
