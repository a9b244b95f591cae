/**
 * Token buckets, one per egress: `perMinute` refill, a burst of ten seconds' worth. take() spends a token and
 * answers 0, or answers how many milliseconds until one is there. In memory for one instance; in Redis (one Lua
 * script, Redis's own clock) when REDIS_URL is set, so that N instances behind one address share one budget.
 */
import type { Redis } from 'ioredis';

export interface BudgetStore {
  take(egress: string): Promise<number>;
}

export interface BucketShape {
  perMinute: number;
}

export const burstOf = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 6));

export class MemoryBudgetStore implements BudgetStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private readonly burst: number;

  constructor(shape: BucketShape, private readonly now: () => number = Date.now) {
    this.perMs = shape.perMinute / 60_000;
    this.burst = burstOf(shape.perMinute);
  }

  async take(egress: string): Promise<number> {
    const now = this.now();
    const bucket = this.buckets.get(egress) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(egress, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / this.perMs);
  }
}

const TAKE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local perMs = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / perMs) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 600000)
return wait
`;

export class RedisBudgetStore implements BudgetStore {
  private readonly perMs: number;
  private readonly burst: number;

  constructor(
    private readonly redis: Redis,
    shape: BucketShape,
    private readonly fallback: BudgetStore,
  ) {
    this.perMs = shape.perMinute / 60_000;
    this.burst = burstOf(shape.perMinute);
  }

  async take(egress: string): Promise<number> {
    try {
      return Number(await this.redis.eval(TAKE, 1, `gramsave:egress:${egress}`, String(this.perMs), String(this.burst)));
    } catch {
      // Redis is down: this instance keeps its own budget rather than stopping every lookup.
      return this.fallback.take(egress);
    }
  }
}
