/**
 * Single-flight across instances: of several instances missing the cache for one target at once, one
 * takes a short Redis lock (SET NX PX) and fetches; the others poll the shared cache until the answer
 * lands there or the lock is gone, then use it (or fetch themselves). Without Redis, or while it is
 * down, every instance simply fetches (per-instance single-flight still holds in the resolver).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface FlightLock {
  /**
   * `lookup` reads the shared cache; `lead` fetches and stores the answer in that cache before it
   * returns. Resolves with whichever produced the answer.
   */
  run<T>(key: string, lookup: () => Promise<T | undefined>, lead: () => Promise<T>): Promise<T>;
}

export interface FlightLockOptions {
  /** The lock's lifetime: a leader that dies frees it after this long. */
  lockMs?: number;
  /** Longest a follower waits before fetching itself. */
  waitMs?: number;
  /** First poll interval; doubles up to 8× this. */
  pollMs?: number;
}

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

const PREFIX = 'gramsave:flight:v1:';
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const WARN_INTERVAL_MS = 60_000;

/** No Redis: every caller leads. */
export const localFlightLock: FlightLock = { run: (_key, _lookup, lead) => lead() };

export function createFlightLock(redis: Redis | undefined, log: WarnLogger, options: FlightLockOptions = {}): FlightLock {
  if (!redis) return localFlightLock;
  const lockMs = options.lockMs ?? 30_000;
  const waitMs = options.waitMs ?? 25_000;
  const pollMs = options.pollMs ?? 40;
  let lastWarning = 0;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_INTERVAL_MS) return;
    lastWarning = now;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'cross-instance single-flight: Redis unavailable, fetching locally');
  };

  /** The lock's owner token, undefined when another instance holds it; throws when Redis fails. */
  async function acquire(lockKey: string): Promise<string | undefined> {
    const token = randomBytes(12).toString('base64url');
    const answer = await redis!.set(lockKey, token, 'PX', lockMs, 'NX');
    return answer === 'OK' ? token : undefined;
  }

  async function leadHolding<T>(lockKey: string, token: string, lead: () => Promise<T>): Promise<T> {
    try {
      return await lead();
    } finally {
      // Free the lock at once (only if still ours) so waiting instances stop polling.
      await redis!.eval(RELEASE, 1, lockKey, token).catch((err: unknown) => warn(err));
    }
  }

  return {
    async run(key, lookup, lead) {
      if (redis.status !== 'ready') return lead();
      const lockKey = PREFIX + key;
      let token: string | undefined;
      try {
        token = await acquire(lockKey);
      } catch (err) {
        warn(err);
        return lead();
      }
      if (token) return leadHolding(lockKey, token, lead);

      const giveUpAt = Date.now() + waitMs;
      for (let interval = pollMs; Date.now() < giveUpAt; interval = Math.min(interval * 2, pollMs * 8)) {
        await new Promise((resolve) => setTimeout(resolve, interval));
        const found = await lookup();
        if (found !== undefined) return found;
        try {
          // The leader finished without caching (a failure) or died: take over.
          token = await acquire(lockKey);
        } catch (err) {
          warn(err);
          return lead();
        }
        if (token) {
          // It may have cached between our lookup and our lock.
          const late = await lookup();
          if (late !== undefined) {
            await redis.eval(RELEASE, 1, lockKey, token).catch((err: unknown) => warn(err));
            return late;
          }
          return leadHolding(lockKey, token, lead);
        }
      }
      return lead();
    },
  };
}
