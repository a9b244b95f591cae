/**
 * cobalt's rate-limit headers on POST /: cobalt's limiter (express-rate-limit, `standardHeaders: 'draft-6'` in its
 * api/src/core/api.js, read 2026-11-26) sends `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and
 * `RateLimit-Policy` on every answer past its header checks, not only on the 429, and exposes them through CORS.
 * Our limiter (http/rate-limit.ts) counts the same way; on this route alone it also writes its counters under the
 * limit (the native API skips that for the speed of a cached resolve), and they leave here under draft 6's names. A 429's own headers (errors.ts: the limit that refused) are kept as they are.
 */
import type { onSendHookHandler } from 'fastify';

/** The route's rate-limit option that turns the counters on under the limit. */
export const COUNTERS_ON_EVERY_ANSWER = { countersOnEveryAnswer: true };

const DRAFT_6_NAMES = [
  ['x-ratelimit-limit', 'RateLimit-Limit'],
  ['x-ratelimit-remaining', 'RateLimit-Remaining'],
  ['x-ratelimit-reset', 'RateLimit-Reset'],
] as const;

/** onSend of POST /: the limiter's counters under draft 6's names, with the policy (`limit;w=window`). */
export function draft6RateLimitHeaders(windowSeconds: number): onSendHookHandler {
  return (_request, reply, payload, done) => {
    for (const [counter, name] of DRAFT_6_NAMES) {
      const value = reply.getHeader(counter);
      if (value === undefined) continue;
      reply.removeHeader(counter);
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    const limit = reply.getHeader('RateLimit-Limit');
    if (limit !== undefined && !reply.hasHeader('RateLimit-Policy')) reply.header('RateLimit-Policy', `${String(limit)};w=${windowSeconds}`);
    done(null, payload);
  };
}
