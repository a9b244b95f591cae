/**
 * What a profile's ZIP holds (issue 30): the profile picture at the top, then a folder per section, album and post
 * (`stories/`, `highlight <title>/`, `post <code>/`), each item's best quality as a post's own ZIP has it. A section
 * that cannot be had, an album that fails, and the posts past the cap are named in MISSING.txt.
 */
import type { ProfileSection } from '../../../shared/profile-api.ts';
import { ExtractError, toApiError } from '../../extract/failure.ts';
import { decodeCursor, isUnavailable, type ProfileView, type Unavailable } from '../../extract/instagram/users/profile-view.ts';
import type { ReelItems } from '../../extract/instagram/users/reel-items.ts';
import { ApiError } from '../../errors/api-error.ts';
import { zipEntriesOf } from '../../media/present.ts';
import type { ArchiveEntry, ZipFailure } from '../../media/zip/entries.ts';

export interface ProfileArchive {
  entries: ArchiveEntry[];
  missing: ZipFailure[];
  /** The cap left older posts out. */
  cut: boolean;
}

const WHY: Record<string, string> = {
  login_required: 'This instance has no live Instagram session (IG_SESSIONID): stories and highlights need one, and posts too when no logged-out path answers.',
  private: 'This account is private.',
  rate_limited: 'Instagram asked us to slow down; try again later.',
};

export const unavailableError = (section: Unavailable): ApiError => new ApiError(section.unavailable, WHY[section.unavailable] ?? 'Instagram did not give this section.');

export const asApiError = (err: unknown): ApiError => {
  if (err instanceof ApiError) return err;
  if (err instanceof ExtractError) return toApiError(err);
  throw err;
};

/** A reel's items in one folder; `keep` picks some of them by index. */
export function reelEntries(reel: ReelItems, folder: string, keep: (index: number) => boolean = () => true): ArchiveEntry[] {
  return reel.items.filter((_, index) => keep(index)).flatMap((raw) => zipEntriesOf(raw).map((entry) => ({ ...entry, folder })));
}

export const albumFolder = (album: { id: string; title: string }): string => `highlight ${album.title || album.id}`;

export async function profileArchive(view: ProfileView, username: string, sections: readonly ProfileSection[], maxPosts: number, signal: AbortSignal): Promise<ProfileArchive> {
  const whole = await view.view(username, signal);
  const entries: ArchiveEntry[] = zipEntriesOf(whole.user.picture);
  const missing: ZipFailure[] = [];
  let cut = false;

  if (sections.includes('stories')) {
    if (isUnavailable(whole.stories)) missing.push({ name: 'stories', error: unavailableError(whole.stories) });
    else entries.push(...reelEntries(whole.stories, 'stories'));
  }

  if (sections.includes('highlights')) {
    if (isUnavailable(whole.highlights)) missing.push({ name: 'highlights', error: unavailableError(whole.highlights) });
    else {
      const items = await view.allAlbums(whole.user, whole.highlights.albums, signal);
      for (const album of whole.highlights.albums) {
        const folder = albumFolder(album);
        const reel = items.get(album.id);
        if (reel && !(reel instanceof ExtractError)) entries.push(...reelEntries(reel, folder));
        else missing.push({ name: folder, error: asApiError(reel ?? new ExtractError('not_found', `album ${album.id} not in the answer`)) });
      }
    }
  }

  if (sections.includes('posts')) {
    if (isUnavailable(whole.posts)) missing.push({ name: 'posts', error: unavailableError(whole.posts) });
    else {
      let page = whole.posts;
      let taken = 0;
      for (;;) {
        let pageCut = false;
        for (const post of page.posts) {
          if (taken >= maxPosts) {
            pageCut = true;
            break;
          }
          taken++;
          entries.push(...zipEntriesOf(post.resolution).map((entry) => ({ ...entry, folder: `post ${post.code}` })));
        }
        const maxId = page.next ? decodeCursor(page.next) : undefined;
        if (pageCut || (taken >= maxPosts && maxId)) {
          cut = true;
          missing.push({ name: 'posts', error: new ApiError('payload_too_large', `Only the newest ${maxPosts} posts are in this archive (the cap); the older ones are not.`) });
          break;
        }
        if (!maxId) break;
        try {
          page = await view.posts(whole.user, maxId, signal);
        } catch (err) {
          missing.push({ name: `posts after the newest ${taken}`, error: asApiError(err) });
          break;
        }
      }
    }
  }
  return { entries, missing, cut };
}
