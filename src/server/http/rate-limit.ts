/**
 * Per-client rate limits. A route opts in with `config: { rateLimit: { max, timeWindow } }` and counts on its own
 * (its own windows; in Redis under its method and path). The key is the request's client (access/identity.ts: its API
 * key's client, else its address, an IPv6 one by /64). Fixed windows, counted in memory, or in Redis when given one
 * (shared across instances; per instance while Redis is down). The 429 is the JSON error `rate_limited` with
 * Retry-After and X-RateLimit-Limit, -Remaining (0) and -Reset; under the limit the counters go out only on a route
 * that asks for them (cobalt's POST /: cobalt/rate-headers.ts).
 *
 * Our own rather than @fastify/rate-limit, which it replaced with the same behaviour (issue 41 point 6): the plugin's
 * async hook awaited the key, the store and the limit, five promises on every request, a cached resolve included;
 * this hook is a callback hook and counts in memory without one.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedRedis } from '../redis.ts';
import { ApiError } from '../errors/api-error.ts';
import { countOnce } from './count-once.ts';
import { createFailoverCounter, localCounter, type WindowCount, type WindowCounter } from './rate-limit-store.ts';
import { clientOf } from './access/identity.ts';

export interface RouteRateLimit {
  /** Requests a client may make in a window; a function decides per request (an API key's own limit). */
  max: number | ((request: FastifyRequest) => number);
  /** The window: milliseconds, or `'<n> second|minute|hour'`. */
  timeWindow: number | string;
  /** Requests it lets through uncounted (an API key with no limit, a retry already answered). */
  allowList?: (request: FastifyRequest) => boolean;
  /** When it counts: on arrival (default), or once the body is read and validated. */
  hook?: 'onRequest' | 'preHandler';
  /** X-RateLimit-Limit, -Remaining and -Reset on every answer under the limit too, not only on the 429. */
  countersOnEveryAnswer?: boolean;
}

/** One request of `client` counted in a route's window (once per request: count-once.ts); `request` is the raw one. */
export type RouteCount = (request: object, client: string, callback: (count: WindowCount) => void) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
  interface FastifyInstance {
    /** A limited route's count, by `${method} ${url}` (the resolve lane counts its requests in the route's windows). */
    rateLimitCount(route: string): RouteCount | undefined;
  }
}

export interface RateLimitOptions {
  /** Shared counters across instances; while Redis is down each instance counts on its own. */
  redis?: SharedRedis;
}

/** Local windows per route, as many keys as @fastify/rate-limit's store held (the oldest window dropped first). */
const LOCAL_KEYS_PER_ROUTE = 5000;
const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 };

export function windowMsOf(timeWindow: number | string): number {
  if (typeof timeWindow === 'number') return timeWindow;
  const match = /^(\d+) (second|minute|hour)s?$/.exec(timeWindow);
  if (!match) throw new Error(`rate limit: unknown time window '${timeWindow}'`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

function routeCount(limit: RouteRateLimit, counter: WindowCounter): RouteCount {
  const windowMs = windowMsOf(limit.timeWindow);
  const once = countOnce<WindowCount>('rate limit count');
  return (request, client, callback) => once(request, (counted) => counter.incr(client, windowMs, counted), callback);
}

function limiter(limit: RouteRateLimit, count: RouteCount) {
  const { max, allowList, countersOnEveryAnswer } = limit;
  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (allowList?.(request)) return done();
    const most = typeof max === 'number' ? max : max(request);
    count(request.raw, clientOf(request), ({ current, ttl }) => {
      const seconds = Math.ceil(ttl / 1000);
      if (current <= most) {
        if (countersOnEveryAnswer) {
          reply.header('x-ratelimit-limit', most).header('x-ratelimit-remaining', most - current).header('x-ratelimit-reset', seconds);
        }
        return done();
      }
      reply.header('x-ratelimit-limit', most).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', seconds);
      done(
        new ApiError('rate_limited', 'Rate limit exceeded. Please try again later.', {
          headers: { 'Retry-After': String(Math.max(1, seconds)) },
          source: 'instance',
        }),
      );
    });
  };
}

const plugin: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const shared = options.redis ? createFailoverCounter(options.redis, app.log) : undefined;
  const counts = new Map<string, RouteCount>();
  app.decorate('rateLimitCount', (route: string) => counts.get(route));
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const counter = shared ? shared.child(`${method}${route.url}:`) : localCounter(LOCAL_KEYS_PER_ROUTE);
    // One hook a route, so one count a request (the HEAD twin Fastify makes of a GET route passes here on its own).
    const count = routeCount(limit, counter);
    counts.set(`${method} ${route.url}`, count);
    const hook = limit.hook ?? 'onRequest';
    const own = route[hook];
    route[hook] = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), limiter(limit, count)];
  });
};

export const rateLimits = fp(plugin, { name: 'rate-limits' });
