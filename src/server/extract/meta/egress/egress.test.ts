/** The egress parts on their own: the token bucket, the fair queue and its ask ledger, health and the session pool. */
import { describe, expect, it } from 'vitest';
import { burstOf, MemoryBudgetStore, type BudgetStore } from './budget-store.ts';
import { EgressBudget } from './egress-budget.ts';
import { EgressHealth } from './egress-health.ts';
import { MemoryAskLedger, RedisAskLedger } from './ask-ledger.ts';
import { metricsRegistry } from '../../../metrics.ts';
import { redisServerAvailable, startTestRedis } from '../../../../../test/redis-server.ts';
import { Redis } from 'ioredis';
import { helloHasGrease } from '../../../../../test/fake-instagram/tls-face.ts';
import { SessionPool, sessionHash } from './session-pool.ts';

describe('the token bucket', () => {
  it('gives a burst of ten seconds’ worth, then one token per interval, and says how long to wait', async () => {
    let now = 0;
    const store = new MemoryBudgetStore({ perMinute: 60 }, () => now);
    expect(burstOf(60)).toBe(10);
    for (let i = 0; i < 10; i++) expect(await store.take('direct')).toBe(0);
    expect(await store.take('direct')).toBe(1000);
    now += 500;
    expect(await store.take('direct')).toBe(500);
    now += 500;
    expect(await store.take('direct')).toBe(0);
    expect(await store.take('other')).toBe(0); // each egress its own bucket
  });
});

/** A store whose tokens the test hands out. */
class ManualStore implements BudgetStore {
  tokens = 0;
  async take(): Promise<number> {
    if (this.tokens > 0) {
      this.tokens--;
      return 0;
    }
    return 20;
  }
}

describe('the fair queue', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('gives the next token to the waiting client that asked least in the last minute, whoever came first', async () => {
    const store = new ManualStore();
    const ledger = new MemoryAskLedger();
    const budget = new EgressBudget(store, { perMinute: 60, maxWaitMs: 5000 }, ledger);
    for (let i = 0; i < 5; i++) ledger.record('flooder');
    ledger.record('neighbour');
    const served: string[] = [];
    const ask = (client: string) => budget.acquire('direct', 'direct', client).then(() => served.push(client));
    const all = [ask('flooder'), ask('neighbour'), ask('flooder'), ask('visitor')];
    await tick();
    expect([served, budget.waiting('direct')]).toEqual([[], 4]);
    store.tokens = 4;
    await Promise.all(all);
    // By what each asked, this wait included: the visitor (one) before the neighbour (two) before the flooder (seven).
    expect(served).toEqual(['visitor', 'neighbour', 'flooder', 'flooder']);
    expect(await ledger.counts(['visitor', 'neighbour', 'flooder'])).toEqual([1, 2, 7]);
  });

  it('lets a client hold two waiting requests and refuses its third at once, as the instance’s limit', async () => {
    const store = new ManualStore();
    const budget = new EgressBudget(store, { perMinute: 60, maxWaitMs: 5000 });
    const waiting = [budget.acquire('direct', 'direct', 'a'), budget.acquire('direct', 'direct', 'a')];
    const started = Date.now();
    await expect(budget.acquire('direct', 'direct', 'a')).rejects.toMatchObject({ kind: 'rate_limited', source: 'instance', retryAfterSeconds: 3 });
    expect(Date.now() - started).toBeLessThan(1000);
    const other = budget.acquire('direct', 'direct', 'b'); // another client still queues
    await tick();
    expect(budget.waiting('direct')).toBe(3);
    store.tokens = 3;
    await Promise.all([...waiting, other]);
    // a's waits are over: it may queue again.
    const again = budget.acquire('direct', 'direct', 'a');
    store.tokens = 1;
    await again;
  });

  it('counts a request when it goes out, not when it is refused', async () => {
    const sent = async () => ((await metricsRegistry.getSingleMetric('gramsave_egress_total')!.get()).values.find((v) => v.labels.egress === 'count-test' && v.labels.event === 'request')?.value ?? 0);
    const store = new ManualStore();
    const budget = new EgressBudget(store, { perMinute: 60, maxWaitMs: 20 });
    store.tokens = 1;
    await budget.acquire('e', 'count-test', 'a');
    await expect(budget.acquire('e', 'count-test', 'a')).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(await sent()).toBe(1);
  });

  it('refuses after the longest wait with a Retry-After that says when its turn would come', async () => {
    const budget = new EgressBudget(new ManualStore(), { perMinute: 6, maxWaitMs: 50 });
    const started = Date.now();
    await expect(budget.acquire('direct', 'direct', 'a')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 10 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('stops waiting when the lookup’s deadline passes', async () => {
    const budget = new EgressBudget(new ManualStore(), { perMinute: 60, maxWaitMs: 10_000 });
    await expect(budget.acquire('direct', 'direct', 'a', AbortSignal.timeout(30))).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(budget.waiting('direct')).toBe(0);
  });
});

describe('the ask ledger', () => {
  it('forgets an ask after a minute', async () => {
    let now = 0;
    const ledger = new MemoryAskLedger(10, () => now);
    ledger.record('a');
    now = 30_000;
    ledger.record('a');
    expect(await ledger.counts(['a', 'b'])).toEqual([2, 0]);
    now = 60_001;
    expect(await ledger.counts(['a'])).toEqual([1]);
  });

  it.runIf(redisServerAvailable())('is one count across instances with Redis, and answers from memory while Redis is down', async () => {
    const redis = await startTestRedis();
    const clients = [new Redis(redis.url, { maxRetriesPerRequest: 0 }), new Redis(redis.url, { maxRetriesPerRequest: 0 })];
    clients.forEach((c) => c.on('error', () => undefined)); // Redis is stopped below on purpose
    try {
      const [one, two] = clients.map((c) => new RedisAskLedger(c, new MemoryAskLedger(), `t${Date.now()}:`));
      one!.record('flooder');
      two!.record('flooder');
      one!.record('visitor');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await two!.counts(['flooder', 'visitor', 'nobody'])).toEqual([2, 1, 0]);
      await redis.stop();
      expect(await two!.counts(['flooder', 'visitor'])).toEqual([1, 0]); // its own memory: the ask it saw
    } finally {
      clients.forEach((c) => c.disconnect());
      await redis.stop();
    }
  });
});

describe('egress health', () => {
  it('cools an egress down, longer with each failure in a row, and forgets on success', () => {
    let now = 0;
    const health = new EgressHealth(() => now);
    health.coolDown('p1');
    expect([health.cooling('p1'), health.coolingFor('p1')]).toEqual([true, 15_000]);
    health.coolDown('p1');
    expect(health.coolingFor('p1')).toBe(30_000);
    now += 30_001;
    expect(health.cooling('p1')).toBe(false);
    health.ok('p1');
    health.coolDown('p1');
    expect(health.coolingFor('p1')).toBe(15_000);
  });
});

describe('the session pool', () => {
  it('takes turns over the live sessions, sets an expired one aside once, and shows only hashes', () => {
    const expired: string[] = [];
    const pool = new SessionPool(['s-one', 's-two', 's-three'], (info) => expired.push(`${info.session}:${info.left}`));
    expect([pool.next()!.id, pool.next()!.id, pool.next()!.id, pool.next()!.id]).toEqual(['s-one', 's-two', 's-three', 's-one']);
    const two = pool.next()!;
    pool.expire(two, 'redirected to /');
    pool.expire(two, 'again');
    expect(expired).toEqual([`${sessionHash('s-two')}:2`]);
    expect([pool.next()!.id, pool.next()!.id, pool.next()!.id]).toEqual(['s-three', 's-one', 's-three']);
    const status = pool.status();
    expect(status).toMatchObject({ configured: 3, live: [sessionHash('s-one'), sessionHash('s-three')], expired: [{ session: sessionHash('s-two'), reason: 'redirected to /' }] });
    expect(JSON.stringify(status)).not.toMatch(/s-one|s-two|s-three/);
    pool.expire(pool.next()!, 'x');
    pool.expire(pool.next()!, 'x');
    expect([pool.anyLive, pool.next()]).toEqual([false, undefined]);
  });
});

describe('the TLS face’s ClientHello reading', () => {
  it('tells GREASE cipher suites (a browser’s) from none, and junk from both', () => {
    const hello = (suites: number[]) => {
      const body = Buffer.alloc(4 + 2 + 32 + 1 + 2 + suites.length * 2);
      body[0] = 0x01;
      let at = 4 + 2 + 32 + 1;
      body.writeUInt16BE(suites.length * 2, at);
      at += 2;
      for (const suite of suites) {
        body.writeUInt16BE(suite, at);
        at += 2;
      }
      return Buffer.concat([Buffer.from([0x16, 0x03, 0x01, 0x00, body.length]), body]);
    };
    expect(helloHasGrease(hello([0x1301, 0x5a5a, 0xc02b]))).toBe(true);
    expect(helloHasGrease(hello([0x1301, 0x1302, 0xc02b]))).toBe(false);
    expect(helloHasGrease(hello([0x5a6a]))).toBe(false);
    expect(helloHasGrease(Buffer.from('GET / HTTP/1.1\r\n'))).toBe(false);
  });
});

describe('where impit cannot load', () => {
  it('Instagram is asked with undici, said once at start, and /readyz says so', async () => {
    const warnings: string[] = [];
    const { EgressPool } = await import('./egress-pool.ts');
    const options = { proxies: [], sessionIds: [], client: 'impit' as const, timeoutMs: 1000, insecureTls: false, perMinute: 60, maxWaitMs: 10 };
    const pool = new EgressPool({ ...options, logger: { warn: (_o, msg) => warnings.push(msg) }, loadBrowserClient: () => ({ error: 'no prebuilt binary for this platform' }) });
    expect(pool.clientKind).toBe('undici');
    expect(pool.egresses[0]!.browser.kind).toBe('undici');
    expect(warnings).toHaveLength(1);
    expect(pool.status()).toMatchObject({ client: 'undici', clientFallback: expect.stringContaining('no prebuilt binary') });
    await pool.close();
    const real = new EgressPool({ ...options, logger: { warn: (_o, msg) => warnings.push(msg) } });
    expect([real.clientKind, real.egresses[0]!.browser.kind, warnings.length]).toEqual(['impit', 'impit', 1]);
    await real.close();
  });
});
