/**
 * Which failure the visitor sees when every strategy failed: all their answers are weighed together
 * (docs/instagram.md, "Which failure the visitor sees"). Since 2026 Instagram hides walls and throttling behind
 * nulls, so an empty answer is no answer; and an API 404 or the embed's "unavailable" proves nothing on its own
 * (Instagram says them for refused requests and gated posts too: a `weak` not-found).
 *
 *   1. unsupported, private, no_media — the first one seen
 *   2. any login wall → login_required
 *   3. any throttling → rate_limited, with the longest Retry-After seen
 *   4. the post's own page answering 404 → not_found (decisive)
 *   5. the ruling said the post is restricted → age_restricted; else the oEmbed said it is gated → restricted
 *   6. every answer empty or a weak not-found → not_found (the ruling, asked first, found nothing to say)
 *   7. changed, then unavailable, then timeout
 */
import { ExtractError, type FailureKind } from './failure.ts';

const DECISIVE: readonly FailureKind[] = ['unsupported', 'private', 'no_media', 'login_required'];
const LAST_RESORT: readonly FailureKind[] = ['changed', 'unavailable', 'timeout', 'empty'];

/** Nothing but empty answers and weak not-founds: the ruling (or a long shortcode) decides between gated and gone. */
export function onlySilence(failures: readonly ExtractError[]): boolean {
  return failures.length > 0 && failures.every((f) => f.kind === 'empty' || (f.kind === 'not_found' && f.weak));
}

/** The post's own page said it is gone: nothing later can change that (the chain stops there). */
export function isDecisiveNotFound(failure: ExtractError): boolean {
  return failure.kind === 'not_found' && !failure.weak;
}

export function decideFailure(failures: readonly ExtractError[]): ExtractError | undefined {
  if (failures.length === 0) return undefined;
  for (const kind of DECISIVE) {
    const found = failures.find((f) => f.kind === kind);
    if (found) return found;
  }
  const throttles = failures.filter((f) => f.kind === 'rate_limited');
  if (throttles.length > 0) return longestWait(throttles);
  const gone = failures.find(isDecisiveNotFound);
  if (gone) return gone;
  const restricted = failures.find((f) => f.kind === 'age_restricted') ?? failures.find((f) => f.kind === 'restricted');
  if (restricted) return restricted;
  if (onlySilence(failures)) {
    return new ExtractError('not_found', `every strategy answered empty (${failures.map((f) => f.message).join('; ')})`);
  }
  for (const kind of LAST_RESORT) {
    const found = failures.find((f) => f.kind === kind);
    if (found) return found;
  }
  return failures[0];
}

/** The throttle that asks for the longest wait (one without Retry-After counts as unknown, not zero). */
function longestWait(throttles: ExtractError[]): ExtractError {
  const waits = throttles.map((t) => t.retryAfterSeconds).filter((s): s is number => s !== undefined);
  if (waits.length === 0) return throttles[0]!;
  const longest = Math.max(...waits);
  const carrier = throttles.find((t) => t.retryAfterSeconds === longest)!;
  return throttles.length === 1 ? carrier : new ExtractError('rate_limited', throttles.map((t) => t.message).join('; '), { retryAfterSeconds: longest, source: carrier.source, cause: carrier });
}
