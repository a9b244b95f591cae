/**
 * A solution is accepted once: the first claim of a challenge's salt wins, every later one (on any instance, with
 * REDIS_URL) is a replay. In memory until the challenge expires; in Redis with SET NX and the same expiry. While
 * Redis is down each instance remembers its own claims (a replay on another instance is then possible for those
 * two minutes: said in docs/deploy.md).
 */
import type { SharedRedis } from '../../redis.ts';

export interface SpentSolutions {
  /** True when this is the first claim of `salt`. */
  claim(salt: string, ttlMs: number): Promise<boolean>;
}

export function memorySpentSolutions(now: () => number = Date.now): SpentSolutions {
  const spent = new Map<string, number>();
  return {
    async claim(salt, ttlMs) {
      const at = now();
      if (spent.size > 10_000) for (const [s, until] of spent) if (until <= at) spent.delete(s);
      const until = spent.get(salt);
      if (until !== undefined && until > at) return false;
      spent.set(salt, at + ttlMs);
      return true;
    },
  };
}

export function redisSpentSolutions(redis: SharedRedis, fallback: SpentSolutions = memorySpentSolutions()): SpentSolutions {
  return {
    async claim(salt, ttlMs) {
      if (!redis.isReady()) return fallback.claim(salt, ttlMs);
      try {
        return (await redis.client.set(`gramsave:pow:${salt}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch {
        return fallback.claim(salt, ttlMs);
      }
    },
  };
}
