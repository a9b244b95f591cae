/**
 * Profiles and profile pictures (PROTOCOL "Profiles"): web_profile_info gives the 320×320 picture without
 * login (else topsearch or the profile page give a smaller one: users/); with a session, users/{id}/info adds the
 * full-size one, and without one the profile page's query the original (issue 36). Private accounts still have
 * public pictures.
 */
import { z } from 'zod';
import { canonicalUrl } from '../../../shared/link.ts';
import { ExtractError } from '../failure.ts';
import type { RawRendition, RawResolution } from '../raw.ts';
import type { UpstreamClient } from './client.ts';
import { previewOf, rankRenditions } from '../meta/renditions.ts';
import { readJson } from './responses.ts';
import type { FoundUser, UserLookupWay } from './users/found-user.ts';
import { largestPictureLoggedOut, type PictureSource } from './users/largest-picture.ts';
import { fetchUsernameFeed } from './users/username-feed.ts';
import type { UserQueries } from './users/user-query.ts';
import { lookUpUser } from './users/look-up-user.ts';

const hdInfo = z.object({
  user: z.object({
    hd_profile_pic_url_info: z.object({ url: z.string().min(1), width: z.number(), height: z.number() }).nullish(),
    hd_profile_pic_versions: z.array(z.object({ url: z.string().min(1), width: z.number(), height: z.number() })).nullish(),
  }),
});

/** The profile-picture resolution; `usersInfo` (users/{id}/info) adds the full-size picture when given. */
export function profileResolution(user: FoundUser, username: string, usersInfo?: unknown): RawResolution {
  const renditions: RawRendition[] = [];
  if (usersInfo !== undefined) {
    const info = hdInfo.safeParse(usersInfo);
    if (!info.success) throw new ExtractError('changed', 'users/info: no hd_profile_pic_url_info');
    if (info.data.user.hd_profile_pic_url_info) renditions.push(info.data.user.hd_profile_pic_url_info);
    renditions.push(...(info.data.user.hd_profile_pic_versions ?? []));
  }
  renditions.push(...user.pictures);
  const ranked = rankRenditions(renditions);
  const best = ranked[0];
  if (!best) throw new ExtractError('no_media', `profile ${username} has no picture`);
  const shown = user.username || username;
  return {
    kind: 'profile',
    sourceUrl: canonicalUrl({ kind: 'profile', username: shown.toLowerCase() }),
    author: {
      username: shown,
      ...(user.fullName ? { fullName: user.fullName } : {}),
      ...(user.avatarUrl ? { avatarUrl: user.avatarUrl } : {}),
    },
    items: [{ type: 'image', width: best.width, height: best.height, url: best.url, previewUrl: previewOf(ranked)!.url, qualities: ranked }],
  };
}

export async function fetchUsersInfo(client: UpstreamClient, userId: string, signal: AbortSignal): Promise<unknown> {
  const res = await client.send({ origin: 'web', path: `/api/v1/users/${encodeURIComponent(userId)}/info/`, session: true, signal });
  return readJson(res, 'users-info');
}

/**
 * The user (lookUpUser: web_profile_info, else topsearch, else the profile page), plus users/{id}/info when a live
 * session is configured. The full-size lookup's outcome goes to `onStep` as 'users-info'; on its failure the
 * pictures the user lookup found are served instead. Without a session (or when users/info fails) the largest
 * logged-out picture is asked when `queries` is given: the original, else 1080 px (users/largest-picture.ts).
 */
export async function resolveProfile(
  client: UpstreamClient,
  username: string,
  signal: AbortSignal,
  onStep: (step: UserLookupWay | 'users-info' | PictureSource, outcome: 'ok' | ExtractError) => void,
  queries?: UserQueries,
): Promise<RawResolution> {
  const user = await lookUpUser(client, username, signal, onStep);
  if (client.hasSession) {
    try {
      const resolution = profileResolution(user, username, await fetchUsersInfo(client, user.id, signal));
      onStep('users-info', 'ok');
      return resolution;
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      onStep('users-info', err);
    }
  }
  if (queries) {
    const feed = (s: AbortSignal) => fetchUsernameFeed(client, username, undefined, s);
    const largest = await largestPictureLoggedOut(queries, { id: user.id, username }, feed, signal, onStep);
    if (largest) return profileResolution({ ...user, pictures: [largest, ...user.pictures] }, username);
  }
  return profileResolution(user, username);
}
