/**
 * What a post is when every strategy came back empty (or with a 404 that proves nothing): a private account's
 * post when its shortcode is longer than 28 characters (yt-dlp 480125560a: "only available for registered users
 * who follow this account"), else whatever Instagram's ruling names (age-gated), else what its internal oEmbed says
 * (gated by region, age or audience: restricted; there after all: login_required), else nothing (then deleted).
 */
import { ExtractError } from './failure.ts';
import type { UpstreamClient } from './instagram/client.ts';
import { askOembed } from './instagram/oembed.ts';
import { askRuling } from './instagram/ruling.ts';
import type { PostTarget } from './instagram/strategy.ts';

/** Private posts carry 28 characters after the media id in their shortcode (shared/shortcode.ts). */
const PRIVATE_SUFFIX = 28;

export async function silentVerdict(client: UpstreamClient, target: PostTarget, signal: AbortSignal): Promise<ExtractError | undefined> {
  if (target.shortcode.length > PRIVATE_SUFFIX) {
    return new ExtractError('private', `${target.shortcode}: a private account's long shortcode, and every answer empty`);
  }
  if (signal.aborted) return undefined;
  const ruled = await askRuling(client, target, signal);
  if (ruled || signal.aborted) return ruled;
  // The ruling names only age; the oEmbed says "geoblock_required" for every gate (issue 36, fact 8).
  return askOembed(client, target, signal);
}
