/**
 * The anonymous allowance (CHALLENGE_FREE_PER_MIN): lookups an address makes without a key or a token, counted per
 * minute, shared by every instance through Redis when REDIS_URL is set (the rate limits' store: it counts per
 * instance while Redis is down). Past the allowance the gate asks for the challenge.
 */
import type { SharedRedis } from '../../redis.ts';
import { createFailoverCounter, LocalWindows, type FailoverLogger } from '../rate-limit-store.ts';

export interface FreeLookups {
  /** Counts one lookup of `client`; calls back with true when it is past the allowance. */
  take(client: string, callback: (over: boolean) => void): void;
}

const MINUTE_MS = 60_000;

export function createFreeLookups(perMinute: number, redis: SharedRedis | undefined, log: FailoverLogger): FreeLookups {
  if (!redis) {
    const windows = new LocalWindows();
    return { take: (client, callback) => callback(windows.incr(client, MINUTE_MS).current > perMinute) };
  }
  const counter = createFailoverCounter(redis, log, 'gramsave:free:');
  return { take: (client, callback) => counter.incr(client, MINUTE_MS, ({ current }) => callback(current > perMinute)) };
}
