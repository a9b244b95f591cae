/**
 * The largest profile picture without a session (issue 4 of issue 36; instantgram #49, read 2026-11-27): the original
 * from the profile page's query, else the username feed's 1080 px, else none (the lookup's own, 320 px from
 * web_profile_info, stands). Stops at the first that answers. A signed URL's size cannot be edited (its `stp`).
 */
import { ExtractError } from '../../failure.ts';
import type { RawRendition } from '../../raw.ts';
import { fetchOriginalPicture } from './profile-page-query.ts';
import type { UsernameFeedPage } from './username-feed.ts';
import type { UserQueries } from './user-query.ts';

export type PictureSource = 'profile-page-query' | 'feed-username';

export async function largestPictureLoggedOut(
  queries: UserQueries,
  user: { id: string; username: string },
  usernameFeed: (signal: AbortSignal) => Promise<UsernameFeedPage>,
  signal: AbortSignal,
  onStep?: (source: PictureSource, outcome: 'ok' | ExtractError) => void,
): Promise<RawRendition | undefined> {
  const sources: [PictureSource, () => Promise<RawRendition | undefined>][] = [
    ['profile-page-query', () => fetchOriginalPicture(queries, user.id, user.username, signal)],
    ['feed-username', async () => (await usernameFeed(signal)).picture],
  ];
  for (const [source, ask] of sources) {
    try {
      const picture = await ask();
      if (!picture) throw new ExtractError('empty', `${source}: no picture`);
      onStep?.(source, 'ok');
      return picture;
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      onStep?.(source, err);
      // A throttle is not lifted by the next source: the lookup's own picture serves.
      if (err.kind === 'rate_limited' || err.kind === 'timeout') return undefined;
    }
  }
  return undefined;
}
