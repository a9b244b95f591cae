/**
 * Token buckets, one per egress: `perMinute` refill, a burst of ten seconds' worth. take(n) spends n tokens and
 * answers 0, or answers how many milliseconds until it may; give(n) puts back tokens a lookup reserved and did not
 * spend. A lookup reserves its kind's maximum at once (egress-budget.ts) as soon as one token is there, and the bucket
 * owes the rest: the next lookup waits until the refill has paid it back, so the rate holds on average while the
 * first in line waits at most one interval, as a single request did (waiting for all four tokens of a cold post at
 * 60 a minute took the flood bench's visitor past IG_EGRESS_MAX_WAIT_MS). In memory for one instance; in Redis (one Lua
 * script, Redis's own clock) when REDIS_URL is set, so that N instances behind one address share one budget.
 */
import type { Redis } from 'ioredis';

export interface BudgetStore {
  /**
   * Spends `n` tokens once `need` are there (one by default: the bucket owes the rest), else answers the ms until
   * they are. A reservation taken on credit delays whoever comes next, so the fair queue gives credit only to the
   * client that asked least (egress-budget.ts); the others take their reservation whole.
   */
  take(egress: string, n?: number, need?: number): Promise<number>;
  give(egress: string, n: number): Promise<void>;
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

  async take(egress: string, n = 1, need = 1): Promise<number> {
    const bucket = this.refilled(egress);
    const needed = Math.min(need, this.burst);
    if (bucket.tokens >= needed) {
      bucket.tokens -= n;
      return 0;
    }
    return Math.ceil((needed - bucket.tokens) / this.perMs);
  }

  async give(egress: string, n: number): Promise<void> {
    const bucket = this.refilled(egress);
    bucket.tokens = Math.min(this.burst, bucket.tokens + n);
  }

  private refilled(egress: string): { tokens: number; at: number } {
    const now = this.now();
    const bucket = this.buckets.get(egress) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(egress, bucket);
    return bucket;
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
local n = tonumber(ARGV[3])
local need = math.min(tonumber(ARGV[4]) or 1, burst)
local wait = 0
if n < 0 then tokens = math.min(burst, tokens - n)
elseif tokens >= need then tokens = tokens - n
else wait = math.ceil((need - tokens) / perMs) end
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

  async take(egress: string, n = 1, need = 1): Promise<number> {
    try {
      return Number(await this.redis.eval(TAKE, 1, `gramsave:egress:${egress}`, String(this.perMs), String(this.burst), String(n), String(need)));
    } catch {
      // Redis is down: this instance keeps its own budget rather than stopping every lookup.
      return this.fallback.take(egress, n, need);
    }
  }

  /** Tokens back (a negative take: the same script, so the refill and the cap are counted the same way). */
  async give(egress: string, n: number): Promise<void> {
    if (n <= 0) return;
    try {
      await this.redis.eval(TAKE, 1, `gramsave:egress:${egress}`, String(this.perMs), String(this.burst), String(-n), '1');
    } catch {
      await this.fallback.give(egress, n);
    }
  }
}
