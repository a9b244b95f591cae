/**
 * One page of a user's posts, newest first: GET /api/v1/feed/user/{user id}/?count=&max_id= with the session →
 * `{items, more_available, next_max_id}` (gallery-dl `user_feed`, docs/instagram.md). Each item is a whole v1
 * media, so each page gives every post's files: they go into the resolution cache (users/profile-view.ts).
 */
import { ExtractError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import type { UpstreamClient } from '../client.ts';
import { dig } from '../graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
import { readJson } from '../responses.ts';

export type FeedPostType = 'image' | 'video' | 'carousel';

export interface FeedPost {
  code: string;
  type: FeedPostType;
  /** The post as a lookup of its link would give it. */
  resolution: RawResolution;
}

export interface FeedPage {
  posts: FeedPost[];
  /** Instagram's cursor for the next page; absent on the last one. */
  nextMaxId?: string;
}

/** The web app's page size. */
export const FEED_PAGE_SIZE = 12;
const CURSOR_RE = /^[A-Za-z0-9_-]{1,100}$/;

const typeOf = (mediaType: unknown, items: number): FeedPostType =>
  mediaType === 8 ? 'carousel' : mediaType === 2 ? 'video' : items > 1 ? 'carousel' : 'image';

export function readFeedPage(json: unknown): FeedPage {
  const items = dig(json, 'items');
  if (!Array.isArray(items)) throw new ExtractError('changed', 'feed-user: no items list');
  const posts: FeedPost[] = [];
  for (const item of items) {
    const code = dig(item, 'code');
    if (typeof code !== 'string' || !code) continue;
    let resolution: RawResolution;
    try {
      resolution = normalizeV1(item, { linkKind: 'post' });
    } catch (err) {
      // A post without a usable file (removed media, an unknown type) is left out of the page, not the page out.
      if (err instanceof ExtractError && (err.kind === 'no_media' || err.kind === 'changed')) continue;
      throw err;
    }
    posts.push({ code, type: typeOf(dig(item, 'media_type'), resolution.items.length), resolution });
  }
  const next = dig(json, 'next_max_id');
  const more = dig(json, 'more_available') === true && typeof next === 'string' && CURSOR_RE.test(next);
  return { posts, ...(more ? { nextMaxId: next } : {}) };
}

export function isFeedCursor(value: string): boolean {
  return CURSOR_RE.test(value);
}

export async function fetchFeedPage(client: UpstreamClient, userId: string, maxId: string | undefined, signal: AbortSignal): Promise<FeedPage> {
  const query = `count=${FEED_PAGE_SIZE}${maxId ? `&max_id=${encodeURIComponent(maxId)}` : ''}`;
  // Since August 2026 this feed walls live sessions off while their other calls answer (gallery-dl #9731): its wall is
  // this path's failure, not the session's end (users/posts-paths.ts then asks the GraphQL timeline).
  const res = await client.send({ origin: 'web', path: `/api/v1/feed/user/${encodeURIComponent(userId)}/?${query}`, session: true, wallsLiveSessions: true, signal });
  return readFeedPage(readJson(res, 'feed-user'));
}
