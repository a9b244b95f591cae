import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startTestRedis, type TestRedis } from '../../../test/redis-server.ts';
import { createFlightLock, localFlightLock } from './redis-lock.ts';

const quiet = { warn: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('localFlightLock', () => {
  it('always leads', async () => {
    expect(await localFlightLock.run('k', async () => 'cached', async () => 'fetched')).toBe('fetched');
  });
});

describe.runIf(redisServerAvailable())('createFlightLock with Redis', () => {
  let server: TestRedis;
  let one: Redis;
  let two: Redis;
  beforeAll(async () => {
    server = await startTestRedis();
    one = new Redis(server.url);
    two = new Redis(server.url);
    await Promise.all([one.ping(), two.ping()]);
  });
  afterAll(async () => {
    one.disconnect();
    two.disconnect();
    await server.stop();
  });

  it('lets one caller fetch while another waits for the shared cache', async () => {
    const cache = new Map<string, string>();
    let fetches = 0;
    const lead = async () => {
      fetches++;
      await sleep(150);
      cache.set('post', 'answer');
      return 'answer';
    };
    const lookup = async () => cache.get('post');
    const [a, b] = await Promise.all([
      createFlightLock(one, quiet, { pollMs: 10 }).run('post', lookup, lead),
      createFlightLock(two, quiet, { pollMs: 10 }).run('post', lookup, lead),
    ]);
    expect([a, b]).toEqual(['answer', 'answer']);
    expect(fetches).toBe(1);
    expect(await one.exists('gramsave:flight:v1:post')).toBe(0); // released
  });

  it('takes over when the leader fails without caching', async () => {
    const outcomes = await Promise.allSettled([
      createFlightLock(one, quiet, { pollMs: 10 }).run('failing', async () => undefined, async () => {
        await sleep(80);
        throw new Error('upstream said no');
      }),
      (async () => {
        await sleep(20);
        return createFlightLock(two, quiet, { pollMs: 10 }).run('failing', async () => undefined, async () => 'second try');
      })(),
    ]);
    expect(outcomes[0].status).toBe('rejected');
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: 'second try' });
  });

  it('leads at once when Redis is not connected', async () => {
    const offline = new Redis(server.url, { lazyConnect: true, enableOfflineQueue: false });
    const started = Date.now();
    expect(await createFlightLock(offline, quiet).run('x', async () => 'cached', async () => 'fetched')).toBe('fetched');
    expect(Date.now() - started).toBeLessThan(100);
    offline.disconnect();
  });
});
