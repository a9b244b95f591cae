/**
 * A user's current stories by the GraphQL query `PolarisStoriesV3ReelPageGalleryQuery` (yt-dlp PR #17081 as issue 36
 * quotes it, read 2026-11-27), with the session: `data.xdt_api__v1__feed__reels_media__connection.edges[].node` is
 * the reel reels_media gives, so reel-items.ts reads it. Asked when reels_media fails (gallery-dl #9765: 500 since
 * 2026-09-22). The variables' names are not in any snapshot read (unverified): the reel ids, as reels_media takes them.
 */
import { ExtractError } from '../../failure.ts';
import { DOC_ID_OPERATIONS } from '../doc-ids.ts';
import { dig } from '../graphql.ts';
import { readReelItems, type ReelItems } from './reel-items.ts';
import { askUserQuery, type UserQueries } from './user-query.ts';

export function readStoriesQuery(json: unknown, userId: string, author: { username: string; fullName?: string }): ReelItems {
  const edges = dig(json, 'data', 'xdt_api__v1__feed__reels_media__connection', 'edges');
  if (!Array.isArray(edges)) throw new ExtractError('changed', 'stories-query: no edges list');
  return readReelItems({ reels_media: edges.map((edge) => dig(edge, 'node')) }, userId, author);
}

export async function fetchStoriesByQuery(queries: UserQueries, userId: string, author: { username: string; fullName?: string }, signal: AbortSignal): Promise<ReelItems> {
  const json = await askUserQuery(
    queries,
    'stories',
    `/stories/${encodeURIComponent(author.username)}/`,
    (docId) => ({
      path: '/graphql/query',
      docId,
      friendlyName: DOC_ID_OPERATIONS.stories,
      what: 'stories-query',
      referer: `https://www.instagram.com/stories/${encodeURIComponent(author.username)}/`,
      session: true,
      variables: { reel_ids_arr: [userId], initial_reel_id: userId, first: 1, last: null },
    }),
    signal,
  );
  return readStoriesQuery(json, userId, author);
}
