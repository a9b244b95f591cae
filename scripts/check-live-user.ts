/**
 * `npm run check-live -- --user <name>`: the profile view (issue 30) against Instagram, as the API builds it: the user
 * lookup, then each section (stories, highlights, first page of posts) with what it holds or why it is unavailable,
 * and how long the whole view took; then each way to ask for posts and stories alone (issue 36: the REST feed, the
 * username feed, the GraphQL timeline, reels_media, the stories query) and the profile page's query, with what it
 * gave or how it failed. Broken (exit 1) when the user cannot be looked up, or a section answers in a way we could
 * not read; login_required without a session and private are what they say, not breakage, and so is one path failing
 * where the view still answered (the paths are there to show which one Instagram broke).
 */
import { ExtractError } from '../src/server/extract/failure.ts';
import { fetchOriginalPicture } from '../src/server/extract/instagram/users/profile-page-query.ts';
import { fetchTimelinePage } from '../src/server/extract/instagram/users/profile-timeline.ts';
import { isUnavailable, ProfileView, type ViewUser } from '../src/server/extract/instagram/users/profile-view.ts';
import { fetchReelItems } from '../src/server/extract/instagram/users/reel-items.ts';
import { fetchStoriesByQuery } from '../src/server/extract/instagram/users/stories-query.ts';
import { fetchFeedPage } from '../src/server/extract/instagram/users/user-feed.ts';
import { fetchUsernameFeed } from '../src/server/extract/instagram/users/username-feed.ts';
import { ViewCache } from '../src/server/extract/instagram/users/view-cache.ts';
import { cacheTtlMs, type Resolver } from '../src/server/extract/resolver.ts';

const BROKEN = new Set(['upstream_changed', 'upstream_unavailable']);

export async function checkUser(resolver: Resolver, username: string): Promise<{ code: number; text: string }> {
  const view = new ProfileView(resolver.client, new ViewCache(resolver.cache), cacheTtlMs, resolver.userQueries);
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
      '',
      ...(await eachPath(resolver, found.user)),
    ];
    const broken = [found.stories, found.highlights, found.posts].some((s) => isUnavailable(s) && BROKEN.has(s.unavailable));
    return { code: broken ? 1 : 0, text: lines.join('\n') + '\n' };
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    return { code: 1, text: `user @${username}: ${err.kind} (${err.message})\n` };
  }
}

/** Each way to ask for posts, stories and the picture, alone: what it gave, or how it failed (skipped where it needs a session). */
async function eachPath(resolver: Resolver, user: ViewUser): Promise<string[]> {
  const { client, userQueries } = resolver;
  const author = { username: user.username };
  const session = client.hasSession;
  const paths: [string, boolean, () => Promise<string>][] = [
    ['REST feed', true, async () => `${(await fetchFeedPage(client, user.id, undefined, signal())).posts.length} posts`],
    ['username feed', false, async () => {
      const page = await fetchUsernameFeed(client, user.username, undefined, signal());
      return `${page.posts.length} posts${page.picture ? `, picture ${page.picture.width} px` : ''}`;
    }],
    ['GraphQL timeline', false, async () => `${(await fetchTimelinePage(userQueries, user.username, undefined, session, signal())).posts.length} posts${session ? '' : ' (logged out)'}`],
    ['reels_media', true, async () => `${(await fetchReelItems(client, user.id, author, signal())).items.length} stories`],
    ['stories query', true, async () => `${(await fetchStoriesByQuery(userQueries, user.id, author, signal())).items.length} stories`],
    ['profile page query', false, async () => `picture ${(await fetchOriginalPicture(userQueries, user.id, user.username, signal())).width} px (the original)`],
  ];
  const lines = ['path                result'];
  for (const [name, needsSession, ask] of paths) {
    let result: string;
    if (needsSession && !session) result = 'skipped: needs IG_SESSIONID';
    else {
      const started = performance.now();
      try {
        result = `${await ask()} in ${Math.round(performance.now() - started)} ms`;
      } catch (err) {
        if (!(err instanceof ExtractError)) throw err;
        result = `failed: ${err.kind} (${err.message.slice(0, 120)})`;
      }
    }
    lines.push(`${name.padEnd(20)}${result}`);
  }
  return lines;
}

const signal = () => AbortSignal.timeout(20_000);
