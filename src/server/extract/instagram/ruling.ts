/**
 * Instagram's ruling on a post: GET {web}/api/v1/web/get_ruling_for_content/?content_type=MEDIA&target_id={pk}.
 * yt-dlp (@ 1f1101d0dc) and FxEmbed ask it before Polaris; its `title`/`description` name a restricted post
 * ("Restricted Video": age-gated, only a logged-in adult sees it). We ask it only when every strategy came back
 * empty, to tell an age-gated post from a deleted one. Its own failure says nothing: undefined, like "no ruling".
 */
import { canonicalUrl } from '../../../shared/link.ts';
import { shortcodeToPk } from '../../../shared/shortcode.ts';
import { ExtractError } from '../failure.ts';
import type { UpstreamClient } from './client.ts';
import { tryJson } from './responses.ts';
import type { PostTarget } from './strategy.ts';

export async function askRuling(client: UpstreamClient, target: PostTarget, signal: AbortSignal): Promise<ExtractError | undefined> {
  let body: string;
  try {
    const res = await client.send({
      origin: 'web',
      path: `/api/v1/web/get_ruling_for_content/?content_type=MEDIA&target_id=${shortcodeToPk(target.shortcode)}`,
      headers: { referer: canonicalUrl({ kind: target.linkKind, shortcode: target.shortcode }) },
      signal,
    });
    if (res.status !== 200) return undefined;
    body = res.body;
  } catch {
    return undefined; // yt-dlp asks it with fatal=False: no ruling is no evidence either way
  }
  return rulingFailure(tryJson(body), target.shortcode);
}

/** The failure a ruling names, or undefined when it names none. */
export function rulingFailure(json: unknown, shortcode: string): ExtractError | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const { title, description } = json as { title?: unknown; description?: unknown };
  const words = [title, description].filter((w): w is string => typeof w === 'string' && w.length > 0).join(': ');
  if (/restricted video/i.test(words)) return new ExtractError('age_restricted', `ruling on ${shortcode}: ${words.slice(0, 200)}`);
  return undefined;
}
