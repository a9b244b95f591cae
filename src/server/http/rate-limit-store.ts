/**
 * A @fastify/rate-limit store that counts in Redis (shared by every instance) and falls back to
 * counting in this process while Redis is unreachable: limits then hold per instance instead of
 * vanishing. Fixed windows, like the plugin's own stores.
 */
import type { SharedRedis } from '../redis.ts';

type IncrCallback = (err: Error | null, result: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Plugin store contract (see @fastify/rate-limit's LocalStore/RedisStore). */
export interface RateLimitStore {
  incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void;
  /** Called per route with the route's merged limit parameters (its `routeInfo` names the route). */
  child(params: object): RateLimitStore;
}

const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Per-process fixed windows, at most `capacity` keys (oldest dropped first). */
export class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly capacity = 10_000) {}

  incr(key: string, timeWindow: number, now = Date.now()): { current: number; ttl: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count++;
    return { current: window.count, ttl: window.resetAt - now };
  }
}

export interface FailoverLogger {
  warn(obj: object, msg: string): void;
}

const WARN_INTERVAL_MS = 60_000;

export function createFailoverStoreClass(redis: SharedRedis, log: FailoverLogger, prefix = 'gramsave:rl:') {
  let lastWarning = 0;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_INTERVAL_MS) return;
    lastWarning = now;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'rate limit: Redis unavailable, counting per instance');
  };

  class FailoverStore implements RateLimitStore {
    private readonly local = new LocalWindows();
    private readonly namespace: string;
    /** The plugin constructs the root store with its own parameters; children get their key prefix. */
    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      const fallback = (err: unknown) => {
        warn(err);
        callback(null, this.local.incr(key, timeWindow));
      };
      if (!redis.isReady()) return fallback(new Error(`Redis connection is ${redis.client.status}`));
      redis.client
        .eval(INCR_SCRIPT, 1, this.namespace + key, String(timeWindow))
        .then((result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        }, fallback);
    }

    child(params: object): RateLimitStore {
      const info = (params as RouteParams).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new FailoverStore(`${this.namespace}${method}${info.url ?? ''}:`);
    }
  }
  return FailoverStore;
}
