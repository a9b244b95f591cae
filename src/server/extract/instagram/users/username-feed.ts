/**
 * A user's posts by name, logged out: GET /api/v1/feed/user/{username}/username/?count=12&max_id= → the REST feed's
 * `{items, more_available, next_max_id}` and the `user` node (instaloader PR #2722, 2026-07-26, read 2026-11-27),
 * whose `hd_profile_pic_url_info` is the 1080 px picture (instantgram #49, read 2026-11-27). A private account's feed
 * is empty to the logged out; its user still comes.
 */
import type { RawRendition } from '../../raw.ts';
import type { UpstreamClient } from '../client.ts';
import { dig } from '../graphql.ts';
import { readJson } from '../responses.ts';
import { FEED_PAGE_SIZE, readFeedPage, type FeedPage } from './user-feed.ts';

export interface UsernameFeedPage extends FeedPage {
  /** The user's picture at 1080 px, when the answer carries it. */
  picture?: RawRendition;
}

export function readUsernameFeed(json: unknown): UsernameFeedPage {
  const page = readFeedPage(json);
  const hd = dig(json, 'user', 'hd_profile_pic_url_info');
  const url = dig(hd, 'url');
  const width = dig(hd, 'width');
  const height = dig(hd, 'height');
  return typeof url === 'string' && url && typeof width === 'number' && typeof height === 'number' ? { ...page, picture: { url, width, height } } : page;
}

export async function fetchUsernameFeed(client: UpstreamClient, username: string, maxId: string | undefined, signal: AbortSignal): Promise<UsernameFeedPage> {
  const query = `count=${FEED_PAGE_SIZE}${maxId ? `&max_id=${encodeURIComponent(maxId)}` : ''}`;
  const res = await client.send({ origin: 'web', path: `/api/v1/feed/user/${encodeURIComponent(username)}/username/?${query}`, signal });
  return readUsernameFeed(readJson(res, 'feed-username'));
}
