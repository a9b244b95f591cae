/**
 * A user by the profile page: GET {web}/{u}/ and read `"profile_id":"…"` and the `og:image` picture
 * (gallery-dl's last way). A 404 means the account does not exist; a page without the id is empty.
 */
import { ExtractError } from '../../failure.ts';
import type { UpstreamClient } from '../client.ts';
import { fetchPage } from '../page.ts';
import { pictureSize, type FoundUser } from './found-user.ts';

const decodeAttribute = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#039;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export function userFromProfilePage(html: string, username: string): FoundUser {
  const id = /"profile_id"\s*:\s*"(\d{1,30})"/.exec(html)?.[1];
  if (!id) throw new ExtractError('empty', `profile-page: no profile_id for ${username}`);
  const ogImage = /<meta\s+property="og:image"\s+content="([^"]{1,4000})"/.exec(html)?.[1];
  const picture = ogImage ? decodeAttribute(ogImage) : undefined;
  return {
    id,
    username,
    pictures: picture ? [{ url: picture, ...pictureSize(picture, 150) }] : [],
    ...(picture ? { avatarUrl: picture } : {}),
    via: 'profile-page',
  };
}

export async function userByProfilePage(client: UpstreamClient, username: string, signal: AbortSignal): Promise<FoundUser> {
  return userFromProfilePage(await fetchPage(client, `/${encodeURIComponent(username)}/`, 'profile-page', 'document', signal), username);
}
