/**
 * The post's own page, asked as a browser's navigation: its `data-sjs` scripts hold RelayPrefetchedStreamCache
 * entries, one of them the post page query's result, with `…thread_items[].post` (cobalt PR #1558, yt-dlp PR
 * #13512; read 2026-11-27). Several blocks name the query; the post is the one whose `code` matches. `/t/{code}`
 * and a wrong `@user` are redirected to the post's own page: that one redirect is followed. Threads answers a
 * "logged-out gating shell" without the post to what does not look like a browser: a wall, never "deleted".
 */
import { ExtractError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import { postWithCode, statusFailure } from '../answers.ts';
import type { ThreadsClient, ThreadsResponse } from '../client.ts';
import { normalizeThreadsPost } from '../normalize.ts';
import type { ThreadsTarget } from '../target.ts';

const SJS_BLOCK = /<script\b[^>]*\bdata-sjs\b[^>]*>([\s\S]*?)<\/script>/gi;

export function pagePath(target: ThreadsTarget): string {
  return target.username ? `/@${target.username}/post/${target.shortcode}` : `/t/${target.shortcode}`;
}

/** The page's own path a redirect names, when it stays on Threads and is this post's page. */
function redirectedPath(res: ThreadsResponse, origin: string, code: string): string | undefined {
  const location = [res.headers.location].flat()[0];
  if (!location || res.status < 300 || res.status >= 400) return undefined;
  try {
    const url = new URL(location, origin);
    return url.origin === origin && new RegExp(`^/@[A-Za-z0-9._]{1,30}/post/${code}/?$`).test(url.pathname) ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

export async function threadsPostPage(client: ThreadsClient, target: ThreadsTarget, signal: AbortSignal): Promise<RawResolution> {
  let res = await client.send({ origin: 'web', path: pagePath(target), navigation: true, signal });
  const next = redirectedPath(res, client.options.webOrigin, target.shortcode);
  if (next) res = await client.send({ origin: 'web', path: next, navigation: true, signal });
  const failure = statusFailure(res, 'post page', true);
  if (failure) throw failure;
  if (res.status !== 200) throw new ExtractError('changed', `post page: HTTP ${res.status}`);
  let named = false;
  for (const match of res.body.matchAll(SJS_BLOCK)) {
    const text = match[1]!;
    if (!text.includes('BarcelonaPostPageDirectQuery')) continue;
    named = true;
    if (!text.includes('thread_items')) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const post = postWithCode(json, target.shortcode);
    if (post) return normalizeThreadsPost(post);
  }
  // A page that never names the post query is the gating shell: Threads would not show it to us, nothing more.
  if (!named) throw new ExtractError('login_required', 'post page: Threads answered its logged-out gating shell');
  throw new ExtractError('empty', 'post page: the post is not in the page');
}
