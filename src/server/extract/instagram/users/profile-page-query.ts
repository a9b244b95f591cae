/**
 * The original profile picture, logged out, by the profile page's own query `PolarisProfilePageContentQuery`
 * (instaloader `_obtain_metadata` @ d3cd639: variables `{id, render_surface: "PROFILE"}` → `data.user`; instantgram
 * #49, read 2026-11-27: its `hd_profile_pic_url_info.url` is the full-size original, no `stp` at all). Its doc id is
 * seen only in unattributed code, so discovery finds it by the operation's name when the one in use is refused.
 */
import { ExtractError } from '../../failure.ts';
import type { RawRendition } from '../../raw.ts';
import { DOC_ID_OPERATIONS } from '../doc-ids.ts';
import { dig } from '../graphql.ts';
import { askUserQuery, type UserQueries } from './user-query.ts';

/**
 * Instagram keeps a profile picture at 1080 px at most (instantgram #49: the original downloads as 1080×1080): the
 * size said when the answer gives none.
 */
export const ORIGINAL_PICTURE_SIZE = 1080;

export function readOriginalPicture(json: unknown, userId: string): RawRendition {
  const user = dig(json, 'data', 'user');
  if (user === null || user === undefined) throw new ExtractError('empty', `profile-page-query: no user ${userId}`);
  const info = dig(user, 'hd_profile_pic_url_info');
  const url = dig(info, 'url');
  if (typeof url !== 'string' || !url) throw new ExtractError('changed', 'profile-page-query: no hd_profile_pic_url_info.url');
  const width = dig(info, 'width');
  const height = dig(info, 'height');
  return typeof width === 'number' && typeof height === 'number' ? { url, width, height } : { url, width: ORIGINAL_PICTURE_SIZE, height: ORIGINAL_PICTURE_SIZE };
}

export async function fetchOriginalPicture(queries: UserQueries, userId: string, username: string, signal: AbortSignal): Promise<RawRendition> {
  const json = await askUserQuery(
    queries,
    'profilePage',
    `/${encodeURIComponent(username)}/`,
    (docId) => ({
      path: '/graphql/query',
      docId,
      friendlyName: DOC_ID_OPERATIONS.profilePage,
      what: 'profile-page-query',
      referer: `https://www.instagram.com/${encodeURIComponent(username)}/`,
      variables: { id: userId, render_surface: 'PROFILE' },
    }),
    signal,
  );
  return readOriginalPicture(json, userId);
}
