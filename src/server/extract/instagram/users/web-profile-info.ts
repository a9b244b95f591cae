/**
 * A user by web_profile_info (GET {web}/api/v1/users/web_profile_info/?username=…): the 320×320 picture without
 * login. The first of the three ways users/look-up-user.ts tries; its own file so that profile.ts (which uses the
 * lookup) and the lookup do not import each other.
 */
import { z } from 'zod';
import type { ProfileAbout } from '../../../../shared/profile-api.ts';
import { ExtractError } from '../../failure.ts';
import type { RawRendition } from '../../raw.ts';
import type { UpstreamClient } from '../client.ts';
import { readJson } from '../responses.ts';
import type { FoundUser } from './found-user.ts';

/** `{count}`, kept only when it is a count; anything else is as if absent (the bio is a bonus, never a failure). */
const edgeCount = z
  .unknown()
  .transform((edge) => {
    const count = (edge as { count?: unknown } | null)?.count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
  })
  .optional();

const webUser = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  username: z.string().nullish(),
  full_name: z.string().nullish(),
  is_private: z.boolean().nullish(),
  profile_pic_url: z.string().nullish(),
  profile_pic_url_hd: z.string().nullish(),
  biography: z.string().nullish(),
  // Counts are edges' counts in this GraphQL-shaped answer (instaloader's Profile reads the same, read 2026-11-27).
  edge_owner_to_timeline_media: edgeCount,
  edge_followed_by: edgeCount,
  edge_follow: edgeCount,
});
export type WebProfile = z.infer<typeof webUser>;

export function parseWebProfile(json: unknown, username: string): WebProfile {
  const data = (json as { data?: { user?: unknown } } | null)?.data;
  if (!data || typeof data !== 'object') throw new ExtractError('changed', 'web_profile_info: no data');
  if (data.user === null || data.user === undefined) throw new ExtractError('not_found', `web_profile_info: no user ${username}`);
  const parsed = webUser.safeParse(data.user);
  if (!parsed.success) throw new ExtractError('changed', `web_profile_info: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** A web_profile_info user as a found user: its 320×320 and 150×150 pictures (PROTOCOL). */
export function userFromWebProfile(user: WebProfile): FoundUser {
  const pictures: RawRendition[] = [];
  if (user.profile_pic_url_hd) pictures.push({ url: user.profile_pic_url_hd, width: 320, height: 320 });
  if (user.profile_pic_url) pictures.push({ url: user.profile_pic_url, width: 150, height: 150 });
  return {
    id: user.id,
    username: user.username ?? '',
    ...(user.full_name ? { fullName: user.full_name } : {}),
    ...(typeof user.is_private === 'boolean' ? { isPrivate: user.is_private } : {}),
    pictures,
    ...(user.profile_pic_url ? { avatarUrl: user.profile_pic_url } : {}),
    ...aboutOf(user),
    via: 'web-profile-info',
  };
}

/** The bio and counts the answer states; none of them invented. */
function aboutOf(user: WebProfile): { about?: ProfileAbout } {
  const about: ProfileAbout = {
    ...(user.biography ? { biography: user.biography } : {}),
    ...(user.edge_owner_to_timeline_media !== undefined ? { posts: user.edge_owner_to_timeline_media } : {}),
    ...(user.edge_followed_by !== undefined ? { followers: user.edge_followed_by } : {}),
    ...(user.edge_follow !== undefined ? { following: user.edge_follow } : {}),
  };
  return Object.keys(about).length ? { about } : {};
}

export async function fetchWebProfile(client: UpstreamClient, username: string, signal: AbortSignal): Promise<{ json: unknown; user: WebProfile }> {
  // Its 429 comes on a first request from fresh addresses, with or without a session (instaloader #2726, 2026-08,
  // read 2026-11-27): the endpoint's, not the address's, so it does not cool the egress on its own.
  const res = await client.send({ origin: 'web', path: `/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`, signal, unverified429: 'web-profile-info' });
  const json = readJson(res, 'web-profile-info');
  return { json, user: parseWebProfile(json, username) };
}
