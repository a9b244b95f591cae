/**
 * Instagram's internal oEmbed, `GET {web}/api/v1/oembed/?url=<post>`, asked only when every strategy came back
 * empty and the ruling named nothing: it tells a gated post from a gone one. For every kind of gate (region, age,
 * limited audience) it answers `{status: "fail", message: "geoblock_required", …}` (InstaFix-Revived
 * `scrapeRestriction`, read 2026-11-27 through the code search; OGInstagram `oembedFallback` @ 5912cbb, 2026-07-12,
 * read 2026-11-27, which answers its own visitors 451). For a live post it gives `media_id`, `author_name`, `title`
 * and `thumbnail_url`. Both peers read the body whatever the HTTP status. Its own failure says nothing: undefined.
 */
import { canonicalUrl } from '../../../shared/link.ts';
import { ExtractError } from '../failure.ts';
import type { UpstreamClient } from './client.ts';
import { tryJson } from './responses.ts';
import type { PostTarget } from './strategy.ts';

export async function askOembed(client: UpstreamClient, target: PostTarget, signal: AbortSignal): Promise<ExtractError | undefined> {
  const postUrl = canonicalUrl({ kind: target.linkKind, shortcode: target.shortcode });
  let body: string;
  try {
    const res = await client.send({ origin: 'web', path: `/api/v1/oembed/?url=${encodeURIComponent(postUrl)}`, signal });
    body = res.body;
  } catch {
    return undefined;
  }
  return oembedFailure(tryJson(body), target.shortcode);
}

/** What an oEmbed answer says of a post every strategy found empty, or undefined when it says nothing. */
export function oembedFailure(json: unknown, shortcode: string): ExtractError | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const answer = json as { status?: unknown; message?: unknown; media_id?: unknown; author_name?: unknown };
  if (answer.message === 'geoblock_required') return new ExtractError('restricted', `oEmbed on ${shortcode}: geoblock_required`);
  // The post is there, and every way to its media came back empty: Instagram is keeping it from the logged out.
  if (typeof answer.media_id === 'string' && answer.media_id.length > 0 && typeof answer.author_name === 'string') {
    return new ExtractError('login_required', `oEmbed on ${shortcode}: the post exists (media ${answer.media_id.slice(0, 40)}), every answer empty`);
  }
  return undefined;
}
