/**
 * Per-client-IP rate limits (@fastify/rate-limit). Registered once with `global: false`; each route group
 * opts in with `config: { rateLimit: { max, timeWindow } }`. The 429 answer is the JSON error `rate_limited`
 * with Retry-After. The store is in memory unless a Redis client is given (shared across instances).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ApiError } from './api-error.ts';

export interface RateLimitOptions {
  redis?: Redis;
}

const plugin: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'gramsave-rl:', skipOnError: true } : {}),
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError('rate_limited', 'Rate limit exceeded. Please try again later.', {
        headers: { 'Retry-After': String(seconds) },
      });
    },
  });
};

export const rateLimits = fp(plugin, { name: 'rate-limits' });
