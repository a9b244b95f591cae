/**
 * `npm run check-live -- --user <name>`: the profile view (issue 30) against Instagram, as the API builds it: the user
 * lookup, then each section (stories, highlights, first page of posts) with what it holds or why it is unavailable,
 * and how long the whole view took. Broken (exit 1) when the user cannot be looked up, or a section answers in a
 * way we could not read; login_required without a session and private are what they say, not breakage.
 */
import { ExtractError } from '../src/server/extract/failure.ts';
import { isUnavailable, ProfileView } from '../src/server/extract/instagram/users/profile-view.ts';
import { ViewCache } from '../src/server/extract/instagram/users/view-cache.ts';
import { cacheTtlMs, type Resolver } from '../src/server/extract/resolver.ts';

const BROKEN = new Set(['upstream_changed', 'upstream_unavailable']);

export async function checkUser(resolver: Resolver, username: string): Promise<{ code: number; text: string }> {
  const view = new ProfileView(resolver.client, new ViewCache(resolver.cache), cacheTtlMs);
  const started = performance.now();
  try {
    const found = await view.view(username.replace(/^@/, '').toLowerCase(), AbortSignal.timeout(30_000));
    const ms = Math.round(performance.now() - started);
    const say = (section: object, count: () => string) => (isUnavailable(section) ? `unavailable: ${section.unavailable}${section.retryAfter ? ` (retry after ${section.retryAfter} s)` : ''}` : count());
    const lines = [
      `user        @${found.user.username} (id ${found.user.id})${found.user.private ? ', private' : ''}; picture ${found.user.picture.items[0]?.width ?? '?'} px`,
      `stories     ${say(found.stories, () => (isUnavailable(found.stories) ? '' : `${found.stories.items.length} current`))}`,
      `highlights  ${say(found.highlights, () => (isUnavailable(found.highlights) ? '' : `${found.highlights.albums.length} albums`))}`,
      `posts       ${say(found.posts, () => (isUnavailable(found.posts) ? '' : `${found.posts.posts.length} on the first page${found.posts.next ? ', more to load' : ''}`))}`,
      `in ${ms} ms`,
    ];
    const broken = [found.stories, found.highlights, found.posts].some((s) => isUnavailable(s) && BROKEN.has(s.unavailable));
    return { code: broken ? 1 : 0, text: lines.join('\n') + '\n' };
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    return { code: 1, text: `user @${username}: ${err.kind} (${err.message})\n` };
  }
}
