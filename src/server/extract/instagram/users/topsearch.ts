/**
 * A user by topsearch: GET {web}/web/search/topsearch/?query={u} → users[].user, exact username match only
 * (gallery-dl's first way since web_profile_info mostly answers 429 in 2026, PR #9069). No exact match: empty.
 */
import { ExtractError } from '../../failure.ts';
import type { UpstreamClient } from '../client.ts';
import { readJson } from '../responses.ts';
import { pictureSize, type FoundUser } from './found-user.ts';

interface SearchUser {
  pk?: unknown;
  pk_id?: unknown;
  username?: unknown;
  full_name?: unknown;
  is_private?: unknown;
  profile_pic_url?: unknown;
}

export async function userByTopsearch(client: UpstreamClient, username: string, signal: AbortSignal): Promise<FoundUser> {
  const res = await client.send({ origin: 'web', path: `/web/search/topsearch/?query=${encodeURIComponent(username)}`, signal });
  const json = readJson(res, 'topsearch');
  if (!Array.isArray(json.users)) throw new ExtractError('changed', 'topsearch: no users list');
  const wanted = username.toLowerCase();
  for (const entry of json.users as { user?: SearchUser }[]) {
    const user = entry?.user;
    if (typeof user?.username !== 'string' || user.username.toLowerCase() !== wanted) continue;
    const id = String(user.pk_id ?? user.pk ?? '');
    if (!/^\d{1,30}$/.test(id)) throw new ExtractError('changed', 'topsearch: exact match without a numeric pk');
    const picture = typeof user.profile_pic_url === 'string' && user.profile_pic_url ? user.profile_pic_url : undefined;
    return {
      id,
      username: user.username,
      ...(typeof user.full_name === 'string' && user.full_name ? { fullName: user.full_name } : {}),
      ...(typeof user.is_private === 'boolean' ? { isPrivate: user.is_private } : {}),
      pictures: picture ? [{ url: picture, ...pictureSize(picture, 150) }] : [],
      ...(picture ? { avatarUrl: picture } : {}),
      via: 'topsearch',
    };
  }
  throw new ExtractError('empty', `topsearch: no exact match for ${username}`);
}
