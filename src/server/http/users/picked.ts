/**
 * A ZIP of the items a visitor ticked on the profile view (issue 30): story items, highlight items and posts together,
 * in the folders the whole profile's ZIP uses (`stories/`, `highlight <title>/`, `post <code>/`). Everything comes
 * from what the view just showed (cached): the stories, each ticked album, and the feed pages up to the one holding
 * the last ticked post, walked no further than the posts cap. A ticked item that is gone is named in MISSING.txt.
 */
import type { ProfilePicks } from '../../../shared/profile-api.ts';
import { decodeCursor, isUnavailable, type ProfileView } from '../../extract/instagram/users/profile-view.ts';
import { ApiError } from '../../errors/api-error.ts';
import { zipEntriesOf } from '../../media/present.ts';
import type { ArchiveEntry, ZipFailure } from '../../media/zip/entries.ts';
import { albumFolder, asApiError, reelEntries, unavailableError, type ProfileArchive } from './archive.ts';

const gone = (what: string) => new ApiError('not_found', `${what} is no longer on the profile.`);

export async function pickedArchive(view: ProfileView, username: string, picks: ProfilePicks, maxPosts: number, signal: AbortSignal): Promise<ProfileArchive> {
  const whole = await view.view(username, signal);
  const entries: ArchiveEntry[] = [];
  const missing: ZipFailure[] = [];

  const stories = new Set(picks.stories ?? []);
  if (stories.size > 0) {
    if (isUnavailable(whole.stories)) missing.push({ name: 'stories', error: unavailableError(whole.stories) });
    else {
      const ids = whole.stories.ids ?? [];
      entries.push(...reelEntries(whole.stories, 'stories', (index) => stories.has(ids[index] ?? '')));
      for (const id of stories) if (!ids.includes(id)) missing.push({ name: `stories/${id}`, error: gone(`The story ${id}`) });
    }
  }

  for (const pick of picks.highlights ?? []) {
    try {
      const { album, reel } = await view.album(whole.user, pick.album, signal);
      const wanted = new Set(pick.items);
      const ids = reel.ids ?? [];
      entries.push(...reelEntries(reel, albumFolder(album), (index) => wanted.has(ids[index] ?? '')));
      for (const id of wanted) if (!ids.includes(id)) missing.push({ name: `${albumFolder(album)}/${id}`, error: gone(`The highlight item ${id}`) });
    } catch (err) {
      missing.push({ name: `highlight ${pick.album}`, error: asApiError(err) });
    }
  }

  const posts = new Set(picks.posts ?? []);
  if (posts.size > 0) {
    if (isUnavailable(whole.posts)) missing.push({ name: 'posts', error: unavailableError(whole.posts) });
    else {
      let page = whole.posts;
      let walked = 0;
      for (;;) {
        for (const post of page.posts) {
          walked++;
          if (!posts.delete(post.code)) continue;
          entries.push(...zipEntriesOf(post.resolution).map((entry) => ({ ...entry, folder: `post ${post.code}` })));
        }
        const maxId = page.next ? decodeCursor(page.next) : undefined;
        if (posts.size === 0 || !maxId || walked >= maxPosts) break;
        try {
          page = await view.posts(whole.user, maxId, signal);
        } catch (err) {
          missing.push({ name: `posts after the newest ${walked}`, error: asApiError(err) });
          break;
        }
      }
      for (const code of posts) missing.push({ name: `post ${code}`, error: new ApiError('not_found', `The post ${code} is not among the newest ${walked} posts.`) });
    }
  }
  return { entries, missing, cut: false };
}
