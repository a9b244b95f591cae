/**
 * Per-client-IP rate limits (@fastify/rate-limit). Registered once with `global: false`; each route group
 * opts in with `config: { rateLimit: { max, timeWindow } }`. The 429 answer is the JSON error `rate_limited`
 * with Retry-After. The store is in memory unless a Redis client is given (shared across instances).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedRedis } from '../redis.ts';
import { ApiError } from '../errors/api-error.ts';
import { createFailoverStoreClass } from './rate-limit-store.ts';
import { clientOf } from './access/identity.ts';

export interface RateLimitOptions {
  /** Shared counters across instances; while Redis is down each instance counts on its own. */
  redis?: SharedRedis;
}

const plugin: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientOf,
    ...(options.redis ? { store: createFailoverStoreClass(options.redis, app.log) } : {}),
    // The counters go out with the 429 only: on every answer under the limit they were three headers to build and
    // validate per cached resolve (a few % of its CPU), and neither the page nor the OpenAPI description reads them.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError('rate_limited', 'Rate limit exceeded. Please try again later.', {
        headers: { 'Retry-After': String(seconds) },
        source: 'instance',
      });
    },
  });
};

export const rateLimits = fp(plugin, { name: 'rate-limits' });
