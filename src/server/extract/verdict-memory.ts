/**
 * Verdicts remembered: a post found deleted, private or age-gated is not asked again for 10 minutes, whatever
 * link names it (/p/, /reel/, /tv/, the app's pk link: the key is the post's id). Shared through Redis when the
 * app has it, so N instances ask Instagram once between them; in memory otherwise.
 */
import type { Redis } from 'ioredis';
import type { Service } from '../../shared/link.ts';
import { shortcodeToPk } from '../../shared/shortcode.ts';
import { createResolutionCache, type ResolutionCache } from '../store/resolution-cache.ts';
import { ExtractError, type FailureKind } from './failure.ts';

export const VERDICT_TTL_MS = 10 * 60 * 1000;
const REMEMBERED: ReadonlySet<FailureKind> = new Set<FailureKind>(['not_found', 'private', 'age_restricted', 'restricted']);

interface Remembered {
  kind: FailureKind;
  message: string;
}

export class VerdictMemory {
  private readonly store: ResolutionCache<Remembered>;

  constructor(options: { redis?: Redis; redisUrl?: string; logger: { warn(obj: object, msg: string): void } }) {
    this.store = createResolutionCache<Remembered>({ ...options, prefix: 'gramsave:verdict:v1:' });
  }

  /** The remembered verdict on this post, as the failure to throw, or undefined. */
  async recall(shortcode: string, service: Service = 'instagram'): Promise<ExtractError | undefined> {
    const known = await this.store.get(postId(shortcode, service));
    return known && new ExtractError(known.kind, `remembered: ${known.message}`);
  }

  /** Remember a lookup's failure, when it is a verdict on the post (never a wall, a throttle or our own trouble). */
  async remember(shortcode: string, failure: ExtractError, service: Service = 'instagram'): Promise<void> {
    if (!REMEMBERED.has(failure.kind)) return;
    await this.store.set(postId(shortcode, service), { kind: failure.kind, message: failure.message.slice(0, 300) }, VERDICT_TTL_MS);
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

/** The key: the media id and, for a private post's long shortcode, the whole code (its tail is not in the id). */
function postId(shortcode: string, service: Service): string {
  const id = shortcode.length > 28 ? shortcode : shortcodeToPk(shortcode);
  // Threads and Instagram share one id space (issue 40): a Threads verdict never answers an Instagram post.
  return service === 'threads' ? `threads:${id}` : id;
}
