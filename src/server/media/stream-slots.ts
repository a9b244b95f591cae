/**
 * How many downloads (media, ZIP, muxed) each client IP has open at once, so one client cannot pin every
 * upstream socket. Counted in memory, or in Redis when configured so the cap holds across instances: one sorted
 * set per IP whose members are open streams, each scored with an expiry that a heartbeat keeps pushing out, so
 * the slots of an instance that died are freed within two heartbeats. While Redis is down, each instance counts
 * on its own (as the rate limits do).
 */
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from '../redis.ts';

const PREFIX = 'gramsave:streams:';
const HEARTBEAT_MS = 30_000;
const LEASE_MS = 2 * HEARTBEAT_MS + 5_000;

/** Frees the slot; safe to call more than once. */
export type ReleaseSlot = () => void;

export interface StreamSlots {
  /** A slot for this client, or undefined when it already has `max` open. */
  acquire(client: string): Promise<ReleaseSlot | undefined>;
  /** Open streams of a client on this instance's view (tests, metrics). */
  count(client: string): Promise<number>;
}

function memorySlots(max: number): StreamSlots {
  const open = new Map<string, number>();
  return {
    async acquire(client) {
      const n = open.get(client) ?? 0;
      if (n >= max) return undefined;
      open.set(client, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      };
    },
    async count(client) {
      return open.get(client) ?? 0;
    },
  };
}

function redisSlots(max: number, redis: SharedRedis, fallback: StreamSlots): StreamSlots {
  const { client: db } = redis;
  return {
    async acquire(client) {
      if (!redis.isReady()) return fallback.acquire(client);
      const key = PREFIX + client;
      const id = randomUUID();
      const now = Date.now();
      let open: number;
      try {
        const results = await db.multi().zremrangebyscore(key, '-inf', now).zadd(key, now + LEASE_MS, id).zcard(key).pexpire(key, LEASE_MS).exec();
        open = Number(results?.[2]?.[1] ?? 0);
      } catch {
        return fallback.acquire(client);
      }
      if (open > max) {
        await db.zrem(key, id).catch(() => undefined);
        return undefined;
      }
      const heartbeat = setInterval(() => {
        void db.multi().zadd(key, 'XX', Date.now() + LEASE_MS, id).pexpire(key, LEASE_MS).exec().catch(() => undefined);
      }, HEARTBEAT_MS);
      heartbeat.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        void db.zrem(key, id).catch(() => undefined);
      };
    },
    async count(client) {
      if (!redis.isReady()) return fallback.count(client);
      return db.zcount(PREFIX + client, Date.now(), '+inf');
    },
  };
}

export function createStreamSlots(max: number, redis?: SharedRedis): StreamSlots {
  const memory = memorySlots(max);
  return redis ? redisSlots(max, redis, memory) : memory;
}
