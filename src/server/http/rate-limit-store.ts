/**
 * Where the rate limits count: fixed windows in this process, or in Redis (shared by every instance) with a fall back
 * to counting in this process while Redis is unreachable: limits then hold per instance instead of vanishing.
 * A count calls back; in memory it calls back at once, so a limited request under the limit costs no promise.
 */
import type { SharedRedis } from '../redis.ts';

export interface WindowCount {
  /** Requests counted in this window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

export interface WindowCounter {
  /** Counts one request of `key` in a window of `timeWindow` ms; never fails (Redis down: counted here). */
  incr(key: string, timeWindow: number, callback: (count: WindowCount) => void): void;
}

const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Per-process fixed windows, at most `capacity` keys (the oldest window dropped first). */
export class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly capacity = 10_000) {}

  incr(key: string, timeWindow: number, now = Date.now()): WindowCount {
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

export function localCounter(capacity?: number): WindowCounter {
  const windows = new LocalWindows(capacity);
  return { incr: (key, timeWindow, callback) => callback(windows.incr(key, timeWindow)) };
}

export interface FailoverLogger {
  warn(obj: object, msg: string): void;
}

const WARN_INTERVAL_MS = 60_000;

/** Counters in Redis under `namespace` + key; `child(name)` counts apart under `namespace` + name (one per route). */
export interface FailoverCounter extends WindowCounter {
  child(name: string): FailoverCounter;
}

export function createFailoverCounter(redis: SharedRedis, log: FailoverLogger, namespace = 'gramsave:rl:'): FailoverCounter {
  let lastWarning = 0;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_INTERVAL_MS) return;
    lastWarning = now;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'rate limit: Redis unavailable, counting per instance');
  };

  const counter = (prefix: string): FailoverCounter => {
    const local = new LocalWindows();
    return {
      incr(key, timeWindow, callback) {
        const fallback = (err: unknown) => {
          warn(err);
          callback(local.incr(key, timeWindow));
        };
        if (!redis.isReady()) return fallback(new Error(`Redis connection is ${redis.client.status}`));
        redis.client.eval(INCR_SCRIPT, 1, prefix + key, String(timeWindow)).then((result) => {
          const [current, ttl] = result as [number, number];
          callback({ current, ttl });
        }, fallback);
      },
      child: (name) => counter(prefix + name),
    };
  };
  return counter(namespace);
}
