/**
 * Which failure the visitor sees when every strategy failed: all their answers are weighed together
 * (docs/instagram.md, "Which failure the visitor sees"). Since 2026 Instagram hides walls and throttling behind
 * nulls, so an empty answer is no answer: it says "not found" only when every strategy answered empty and none
 * saw a login wall or throttling.
 *
 *   1. unsupported, private, not_found (a strong signal: a 404 for the post, the embed page or the mobile API
 *      saying it is gone), no_media — the first one seen
 *   2. any login wall → login_required
 *   3. any throttling → rate_limited, with the longest Retry-After seen
 *   4. every answer empty → not_found
 *   5. changed, then unavailable, then timeout
 */
import { ExtractError, type FailureKind } from './failure.ts';

const DECISIVE: readonly FailureKind[] = ['unsupported', 'private', 'not_found', 'no_media', 'login_required'];
const LAST_RESORT: readonly FailureKind[] = ['changed', 'unavailable', 'timeout', 'empty'];

export function decideFailure(failures: readonly ExtractError[]): ExtractError | undefined {
  if (failures.length === 0) return undefined;
  for (const kind of DECISIVE) {
    const found = failures.find((f) => f.kind === kind);
    if (found) return found;
  }
  const throttles = failures.filter((f) => f.kind === 'rate_limited');
  if (throttles.length > 0) return longestWait(throttles);
  if (failures.every((f) => f.kind === 'empty')) {
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
