/** The egress parts on their own: the token bucket, the fair queue and its ask ledger, health and the session pool. */
import { describe, expect, it } from 'vitest';
import { burstOf, MemoryBudgetStore, RedisBudgetStore, type BudgetStore } from './budget-store.ts';
import { EgressBudget } from './egress-budget.ts';
import { EgressHealth } from './egress-health.ts';
import { MemoryAskLedger, RedisAskLedger } from './ask-ledger.ts';
import { metricsRegistry } from '../../../metrics.ts';
import { redisServerAvailable, startTestRedis } from '../../../../../test/redis-server.ts';
import { Redis } from 'ioredis';
import { helloHasGrease } from '../../../../../test/fake-instagram/tls-face.ts';
import { SessionPool, sessionHash } from './session-pool.ts';
import { Lookup } from './lookup-reservation.ts';

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

describe('a lookup’s reservation in the token bucket', () => {
  it('takes a lookup’s whole reservation once one token is there, owes the rest, and takes back what was not spent', async () => {
    let now = 0;
    const store = new MemoryBudgetStore({ perMinute: 6 }, () => now); // a burst of one, a token every 10 s
    expect(await store.take('direct', 4)).toBe(0);
    // The bucket owes three: the next lookup waits for the refill to pay them back and bring one.
    expect(await store.take('direct', 4)).toBe(40_000);
    await store.give('direct', 3); // the lookup sent one request of its four
    expect(await store.take('direct', 4)).toBe(10_000);
    now += 10_000;
    await store.give('direct', 100); // never past the burst
    expect(await store.take('direct', 1)).toBe(0);
    expect(await store.take('direct', 1)).toBe(10_000);
  });

  it('takes a reservation whole when asked to: it waits until all of it is there, capped at the burst', async () => {
    let now = 0;
    const store = new MemoryBudgetStore({ perMinute: 60 }, () => now); // a burst of ten, a token a second
    expect(await store.take('direct', 9)).toBe(0);
    expect(await store.take('direct', 4, 4)).toBe(3000);
    expect(await store.take('direct', 4, 1)).toBe(0); // on credit: one is there
    now += 13_000; // back to the burst, ten
    expect(await store.take('direct', 20, 20)).toBe(0); // never more than the burst is needed
  });

  it.runIf(redisServerAvailable())('takes a reservation whole in Redis the same way (one script for every instance)', async () => {
    const redis = await startTestRedis();
    const client = new Redis(redis.url);
    try {
      const store = new RedisBudgetStore(client, { perMinute: 6 }, new MemoryBudgetStore({ perMinute: 6 })); // a burst of one
      const minute = { perMinute: 60 };
      const wide = new RedisBudgetStore(client, minute, new MemoryBudgetStore(minute));
      expect(await wide.take('w', 9)).toBe(0);
      expect(await wide.take('w', 4, 4)).toBeGreaterThan(2900); // one there, four wanted: about 3 s
      expect(await wide.take('w', 4, 1)).toBe(0); // on credit
      expect(await store.take('n', 4, 4)).toBe(0); // a burst of one: one is all it ever needs
    } finally {
      client.disconnect();
      await redis.stop();
    }
  });
});

/** A store whose tokens the test hands out. */
class ManualStore implements BudgetStore {
  tokens = 0;
  async take(_egress: string, n = 1): Promise<number> {
    if (this.tokens >= n) {
      this.tokens -= n;
      return 0;
    }
    return 20;
  }
  async give(_egress: string, n: number): Promise<void> {
    this.tokens += n;
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

  it('gives no credit to refused clients that ask alike: flooders take their reservations whole, so a visitor waits no debt', async () => {
    // A token a second, a burst of ten, drained. Two flooders that asked about as much (four and six), each refused
    // before, wait for a cold post's reservation (four). On credit the first would take it at one token and leave the
    // bucket owing three, and the visitor who comes 1.2 s later would wait 3 s more (past its 1.5 s). Whole, they wait
    // for four, and the visitor, who asked less than half as often as either, takes its reservation on the one token.
    const store = new MemoryBudgetStore({ perMinute: 60 });
    const ledger = new MemoryAskLedger();
    const refusals = new MemoryAskLedger();
    const budget = new EgressBudget(store, { perMinute: 60, maxWaitMs: 1500 }, ledger, refusals);
    expect(await store.take('direct', 10)).toBe(0);
    for (let i = 0; i < 3; i++) ledger.record('flooder-a');
    for (let i = 0; i < 5; i++) ledger.record('flooder-b');
    ['flooder-a', 'flooder-b'].forEach((c) => refusals.record(c));
    const floods = ['flooder-a', 'flooder-b'].map((c) => budget.acquire('direct', 'direct', c, undefined, new Lookup('post', undefined)).then(() => c, () => `${c} refused`));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const started = Date.now();
    await budget.acquire('direct', 'direct', 'visitor', undefined, new Lookup('post', undefined));
    expect(Date.now() - started).toBeLessThan(500);
    // Neither flooder had been granted on credit before the visitor came.
    expect(await Promise.all(floods)).toEqual(['flooder-a refused', 'flooder-b refused']);
  });

  it('gives credit to a client not refused lately, light or not: a visitor beside a modest neighbour is not kept past its wait', async () => {
    // Drained; the visitor asked once before and its neighbour twice (not twice as often: neither is light). Neither
    // was refused, so the visitor, first in line, takes its reservation of four on the first token (about 1 s) rather
    // than waiting 4 s for all four, past its 1.5 s.
    const store = new MemoryBudgetStore({ perMinute: 60 });
    const ledger = new MemoryAskLedger();
    const budget = new EgressBudget(store, { perMinute: 60, maxWaitMs: 1500 }, ledger);
    expect(await store.take('direct', 10)).toBe(0);
    ledger.record('visitor');
    ledger.record('neighbour');
    ledger.record('neighbour');
    const neighbour = budget.acquire('direct', 'direct', 'neighbour', undefined, new Lookup('post', undefined)).then(() => 'served', () => 'refused');
    await budget.acquire('direct', 'direct', 'visitor', undefined, new Lookup('post', undefined));
    expect(await neighbour).toBe('refused'); // the bucket owes the visitor's three: the neighbour's turn is past 1.5 s
  });

  it('counts a refused ask twice: of two clients that asked as often, the one refused more waits behind', async () => {
    const store = new ManualStore();
    const ledger = new MemoryAskLedger();
    const budget = new EgressBudget(store, { perMinute: 60, maxWaitMs: 40 }, ledger);
    // The flooder's two lookups were refused (no token came); the visitor's two were served.
    for (const client of ['flooder', 'flooder']) await expect(budget.acquire('direct', 'direct', client)).rejects.toMatchObject({ kind: 'rate_limited' });
    for (const client of ['visitor', 'visitor']) {
      store.tokens = 1;
      await budget.acquire('direct', 'direct', client);
    }
    expect(await ledger.counts(['visitor', 'flooder'])).toEqual([2, 4]);
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
      // Both connected first: a record is sent without waiting, and one sent while a client's first connection
      // fails is dropped (maxRetriesPerRequest 0), which the full suite's loaded runs met twice.
      await Promise.all(clients.map((c) => (c.status === 'ready' ? undefined : new Promise((resolve) => c.once('ready', resolve)))));
      // One prefix for both, read once: a clock read per instance put them in two ledgers whenever the millisecond
      // turned between the two (CI of stop 45 and a fresh clone's run read [1, 0, 0], two's own count alone).
      const prefix = `t${Date.now()}:`;
      const [one, two] = clients.map((c) => new RedisAskLedger(c, new MemoryAskLedger(), prefix));
      one!.record('flooder');
      two!.record('flooder');
      one!.record('visitor');
      // The records are sent without waiting for Redis: on a loaded machine they may take more than a moment.
      await expect.poll(() => two!.counts(['flooder', 'visitor', 'nobody']), { timeout: 5000, interval: 25 }).toEqual([2, 1, 0]);
      await redis.stop();
      expect(await two!.counts(['flooder', 'visitor'])).toEqual([1, 0]); // its own memory: the ask it saw
    } finally {
      clients.forEach((c) => c.disconnect());
      await redis.stop();
    }
  });
});

describe('egress health', () => {
  it('cools an egress Instagram throttles at once, longer with each cool-down in a row, and forgets on an answer', () => {
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

  it('cools a proxy after two transport failures in a row, not one; an answer between them forgives the first', () => {
    let now = 0;
    const health = new EgressHealth(() => now);
    health.failed('p1', 'timeout');
    expect([health.usable('p1'), health.status('p1')]).toEqual([true, { state: 'suspect', coolingMs: 0, failuresInRow: 1, lastFailure: { reason: 'timeout', at: new Date(0).toISOString() } }]);
    health.ok('p1');
    health.failed('p1', 'reset');
    expect(health.usable('p1')).toBe(true);
    now = 1000;
    health.failed('p1', 'connect', 'ECONNREFUSED');
    expect([health.usable('p1'), health.status('p1')]).toEqual([false, { state: 'cooling', coolingMs: 15_000, failuresInRow: 0, lastFailure: { reason: 'connect', at: new Date(1000).toISOString(), detail: 'ECONNREFUSED' } }]);
  });

  it('lets one request probe it when the cool-down ends; the others keep away; a failed probe cools it longer', () => {
    let now = 0;
    const health = new EgressHealth(() => now);
    health.failed('p1', 'timeout');
    health.failed('p1', 'timeout');
    now = 15_000;
    expect([health.usable('p1'), health.status('p1').state]).toEqual([true, 'probing']);
    const end = health.begin('p1');
    expect(health.usable('p1')).toBe(false); // its probe is out
    expect(health.begin('p1')).toBeTypeOf('function');
    end(); // the probe's lookup ended without a verdict: another may probe
    expect(health.usable('p1')).toBe(true);
    health.begin('p1');
    health.failed('p1', 'timeout'); // one failure of the probe is enough
    expect(health.coolingFor('p1')).toBe(30_000);
    now = 45_000;
    health.begin('p1');
    health.ok('p1');
    expect([health.usable('p1'), health.status('p1').state, health.status('p1').lastFailure?.reason]).toEqual([true, 'healthy', 'timeout']);
    // Healthy again: the next failure is a strike, not a cool-down.
    health.failed('p1', 'reset');
    expect(health.usable('p1')).toBe(true);
  });

  it('does not cool for an unverified 429 alone (web_profile_info’s may be the profile’s); two endpoints’ within a minute do', () => {
    let now = 0;
    const health = new EgressHealth(() => now);
    for (let i = 0; i < 5; i++) health.throttledMaybeTarget('p1', 'web-profile-info');
    expect(health.usable('p1')).toBe(true);
    now = 61_000;
    health.throttledMaybeTarget('p1', 'topsearch');
    expect(health.usable('p1')).toBe(true); // web_profile_info's was more than a minute ago
    now = 62_000;
    health.throttledMaybeTarget('p1', 'web-profile-info');
    expect([health.usable('p1'), health.status('p1').lastFailure?.reason]).toEqual([false, 'throttled']);
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
