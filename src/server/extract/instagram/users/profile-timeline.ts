/**
 * A page of a user's posts by the GraphQL timeline `PolarisProfilePostsTabContentQuery_connection` (yt-dlp PR
 * #17081, as issue 36 quotes it, read 2026-11-27; its variables as the web app sends them, seen in public scrapers):
 * `{username, first, after, data: {count, …}}` → `data.xdt_api__v1__feed__user_timeline_graphql_connection`
 * `{edges[].node, page_info {end_cursor, has_next_page}}`. Each node is a whole v1 media, as the REST feed's items
 * are, and `end_cursor` is the REST feed's `next_max_id`: one cursor pages either path.
 */
import { ExtractError } from '../../failure.ts';
import { DOC_ID_OPERATIONS } from '../doc-ids.ts';
import { dig } from '../graphql.ts';
import { askUserQuery, type UserQueries } from './user-query.ts';
import { FEED_PAGE_SIZE, readFeedPage, type FeedPage } from './user-feed.ts';

export function readTimelinePage(json: unknown): FeedPage {
  const connection = dig(json, 'data', 'xdt_api__v1__feed__user_timeline_graphql_connection');
  if (connection === null) throw new ExtractError('empty', 'profile-timeline: no connection');
  const edges = dig(connection, 'edges');
  if (!Array.isArray(edges)) throw new ExtractError('changed', 'profile-timeline: no edges list');
  return readFeedPage({
    items: edges.map((edge) => dig(edge, 'node')),
    more_available: dig(connection, 'page_info', 'has_next_page') === true,
    next_max_id: dig(connection, 'page_info', 'end_cursor'),
  });
}

export async function fetchTimelinePage(
  queries: UserQueries,
  username: string,
  maxId: string | undefined,
  withSession: boolean,
  signal: AbortSignal,
): Promise<FeedPage> {
  const json = await askUserQuery(
    queries,
    'profilePosts',
    `/${encodeURIComponent(username)}/`,
    (docId) => ({
      path: '/graphql/query',
      docId,
      friendlyName: DOC_ID_OPERATIONS.profilePosts,
      what: 'profile-timeline',
      referer: `https://www.instagram.com/${encodeURIComponent(username)}/`,
      session: withSession,
      variables: {
        username,
        first: FEED_PAGE_SIZE,
        after: maxId ?? null,
        before: null,
        last: null,
        data: { count: FEED_PAGE_SIZE, include_reel_media_seen_timestamp: true, include_relationship_info: true, latest_besties_reel_media: true, latest_reel_media: true },
        __relay_internal__pv__PolarisIsLoggedInrelayprovider: withSession,
      },
    }),
    signal,
  );
  return readTimelinePage(json);
}
