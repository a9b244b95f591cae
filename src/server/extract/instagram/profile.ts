/**
 * Profiles and profile pictures (PROTOCOL "Profiles"): web_profile_info gives the 320×320 picture without
 * login; with a session, users/{id}/info adds the full-size one. Private accounts still have public pictures.
 */
import { z } from 'zod';
import { canonicalUrl } from '../../../shared/link.ts';
import { ExtractError } from '../failure.ts';
import type { RawRendition, RawResolution } from '../raw.ts';
import type { UpstreamClient } from './client.ts';
import { previewOf, rankRenditions } from './renditions.ts';
import { readJson } from './responses.ts';

const webUser = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  username: z.string().nullish(),
  full_name: z.string().nullish(),
  is_private: z.boolean().nullish(),
  profile_pic_url: z.string().nullish(),
  profile_pic_url_hd: z.string().nullish(),
});
export type WebProfile = z.infer<typeof webUser>;

const hdInfo = z.object({
  user: z.object({
    hd_profile_pic_url_info: z.object({ url: z.string().min(1), width: z.number(), height: z.number() }).nullish(),
    hd_profile_pic_versions: z.array(z.object({ url: z.string().min(1), width: z.number(), height: z.number() })).nullish(),
  }),
});

export function parseWebProfile(json: unknown, username: string): WebProfile {
  const data = (json as { data?: { user?: unknown } } | null)?.data;
  if (!data || typeof data !== 'object') throw new ExtractError('changed', 'web_profile_info: no data');
  if (data.user === null || data.user === undefined) throw new ExtractError('not_found', `web_profile_info: no user ${username}`);
  const parsed = webUser.safeParse(data.user);
  if (!parsed.success) throw new ExtractError('changed', `web_profile_info: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The profile-picture resolution; `usersInfo` (users/{id}/info) adds the full-size picture when given. */
export function profileFromWebInfo(json: unknown, username: string, usersInfo?: unknown): RawResolution {
  const user = parseWebProfile(json, username);
  const renditions: RawRendition[] = [];
  if (usersInfo !== undefined) {
    const info = hdInfo.safeParse(usersInfo);
    if (!info.success) throw new ExtractError('changed', 'users/info: no hd_profile_pic_url_info');
    if (info.data.user.hd_profile_pic_url_info) renditions.push(info.data.user.hd_profile_pic_url_info);
    renditions.push(...(info.data.user.hd_profile_pic_versions ?? []));
  }
  // PROTOCOL: profile_pic_url_hd is 320×320, profile_pic_url 150×150.
  if (user.profile_pic_url_hd) renditions.push({ url: user.profile_pic_url_hd, width: 320, height: 320 });
  if (user.profile_pic_url) renditions.push({ url: user.profile_pic_url, width: 150, height: 150 });
  const ranked = rankRenditions(renditions);
  const best = ranked[0];
  if (!best) throw new ExtractError('no_media', `profile ${username} has no picture`);
  const name = (user.username ?? username).toLowerCase();
  return {
    kind: 'profile',
    sourceUrl: canonicalUrl({ kind: 'profile', username: name }),
    author: {
      username: user.username ?? username,
      ...(user.full_name ? { fullName: user.full_name } : {}),
      ...(user.profile_pic_url ? { avatarUrl: user.profile_pic_url } : {}),
    },
    items: [{ type: 'image', width: best.width, height: best.height, url: best.url, previewUrl: previewOf(ranked)!.url, qualities: ranked }],
  };
}

export async function fetchWebProfile(client: UpstreamClient, username: string, signal: AbortSignal): Promise<{ json: unknown; user: WebProfile }> {
  const res = await client.send({ origin: 'web', path: `/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`, signal });
  const json = readJson(res, 'web-profile-info');
  return { json, user: parseWebProfile(json, username) };
}

export async function fetchUsersInfo(client: UpstreamClient, userId: string, signal: AbortSignal): Promise<unknown> {
  const res = await client.send({ origin: 'api', path: `/api/v1/users/${encodeURIComponent(userId)}/info/`, session: true, signal });
  return readJson(res, 'users-info');
}

/**
 * web_profile_info, plus users/{id}/info when a session is configured. The full-size lookup's outcome goes
 * to `onHdOutcome` ('ok' or its failure); on failure the 320×320 picture is served instead.
 */
export async function resolveProfile(
  client: UpstreamClient,
  username: string,
  signal: AbortSignal,
  onHdOutcome: (outcome: 'ok' | ExtractError) => void,
): Promise<RawResolution> {
  const { json, user } = await fetchWebProfile(client, username, signal);
  if (client.hasSession) {
    try {
      const resolution = profileFromWebInfo(json, username, await fetchUsersInfo(client, user.id, signal));
      onHdOutcome('ok');
      return resolution;
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      onHdOutcome(err);
    }
  }
  return profileFromWebInfo(json, username);
}
