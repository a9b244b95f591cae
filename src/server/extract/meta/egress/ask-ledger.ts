/**
 * How many lookups each client asked the egress budget for in the last minute, granted or not (issue 38 point 3:
 * whole lookups, not requests; a request outside any lookup counts as one): the budget gives its next grant to the
 * waiting client with the fewest, so a flood of clients that ask a lot cannot push a visitor who asks little out of
 * the wait, and a visitor whose lookups happen to take three requests is not ranked behind a client whose take one.
 * Asks, not grants: under a flood the budget's share per client is tiny (60 a minute over 20 flooders is 3 each),
 * so by grants a visitor with a few lookups already ranks behind flooders whose asks were mostly refused; by asks the
 * flooder's refusals count against it (bench/flood.ts measured both).
 * In memory (a sliding minute) for one instance; in Redis (a counter per client and minute, Redis's own expiry) when
 * REDIS_URL is set, so that a client spreading its flood over N instances is counted once.
 */
import type { Redis } from 'ioredis';

export interface AskLedger {
  /** `client` asked for a lookup (or a lone request). */
  record(client: string): void;
  /** Asks in the last minute, in the order of `clients`. */
  counts(clients: readonly string[]): Promise<number[]>;
}

const WINDOW_MS = 60_000;

export class MemoryAskLedger implements AskLedger {
  private readonly asks = new Map<string, number[]>();

  constructor(
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  record(client: string): void {
    const times = this.asks.get(client);
    if (times) {
      times.push(this.now());
      // Most recently asking last: the oldest client is the one dropped when the map is full.
      this.asks.delete(client);
      this.asks.set(client, this.recent(times));
      return;
    }
    this.asks.set(client, [this.now()]);
    if (this.asks.size > this.capacity) this.asks.delete(this.asks.keys().next().value!);
  }

  async counts(clients: readonly string[]): Promise<number[]> {
    return clients.map((client) => {
      const times = this.asks.get(client);
      if (!times) return 0;
      const recent = this.recent(times);
      this.asks.set(client, recent);
      return recent.length;
    });
  }

  private recent(times: number[]): number[] {
    const since = this.now() - WINDOW_MS;
    let first = 0;
    while (first < times.length && times[first]! <= since) first++;
    return first === 0 ? times : times.slice(first);
  }
}

const RECORD = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export class RedisAskLedger implements AskLedger {
  constructor(
    private readonly redis: Redis,
    /** Always kept too: it answers while Redis does not. */
    private readonly fallback: AskLedger,
    private readonly prefix = 'gramsave:asks:',
  ) {}

  record(client: string): void {
    this.fallback.record(client);
    this.redis.eval(RECORD, 1, this.prefix + client, String(WINDOW_MS)).catch(() => undefined);
  }

  async counts(clients: readonly string[]): Promise<number[]> {
    if (clients.length === 0) return [];
    try {
      const values = await this.redis.mget(...clients.map((c) => this.prefix + c));
      return values.map((v) => Number(v ?? 0));
    } catch {
      return this.fallback.counts(clients);
    }
  }
}
