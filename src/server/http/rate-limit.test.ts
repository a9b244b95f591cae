import { createHook } from 'node:async_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { rateLimits, windowMsOf, type RouteRateLimit } from './rate-limit.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A Fastify app with our error handling, the limiter, and GET /limited (limited by `limit`) beside GET /free. */
async function appWith(limit: RouteRateLimit): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandling(app);
  await app.register(rateLimits);
  app.get('/limited', { config: { rateLimit: limit } }, (_request, reply) => void reply.send({ ok: true }));
  app.get('/other', { config: { rateLimit: limit } }, (_request, reply) => void reply.send({ ok: true }));
  app.get('/free', (_request, reply) => void reply.send({ ok: true }));
  await app.ready();
  return app;
}

const get = (url: string, headers: Record<string, string> = {}) => app!.inject({ method: 'GET', url, headers });

describe('rate limits (http/rate-limit.ts)', () => {
  it('refuses past the limit with the JSON rate_limited, Retry-After and the X-RateLimit counters', async () => {
    await appWith({ max: 2, timeWindow: '1 minute' });
    const under = await get('/limited');
    expect(under.statusCode).toBe(200);
    // Under the limit the counters stay home unless the route asks for them.
    expect(under.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await get('/limited')).statusCode).toBe(200);
    const refused = await get('/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Rate limit exceeded. Please try again later.', source: 'instance' } });
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-ratelimit-limit']).toBe('2');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe('60');
    // Each route counts on its own; a route without a limit is never counted.
    expect((await get('/other')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get('/free')).statusCode).toBe(200);
  });

  it('counts a HEAD to a limited GET route once, as the GET', async () => {
    await appWith({ max: 2, timeWindow: '1 minute' });
    const head = () => app!.inject({ method: 'HEAD', url: '/limited' });
    expect((await head()).statusCode).toBe(200);
    expect((await head()).statusCode).toBe(200);
    expect((await head()).statusCode).toBe(429);
  });

  it('sends the counters on every answer to a route that asks for them', async () => {
    await appWith({ max: 3, timeWindow: '1 minute', countersOnEveryAnswer: true });
    const first = await get('/limited');
    expect([first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining'], first.headers['x-ratelimit-reset']]).toEqual(['3', '2', '60']);
    expect((await get('/limited')).headers['x-ratelimit-remaining']).toBe('1');
  });

  it('lets an allow-listed request through uncounted, and takes a per-request limit', async () => {
    await appWith({ max: (request) => (request.headers['x-tier'] === 'big' ? 3 : 1), timeWindow: 60_000, allowList: (request) => request.headers['x-free'] === '1' });
    for (let i = 0; i < 4; i++) expect((await get('/limited', { 'x-free': '1' })).statusCode).toBe(200);
    expect((await get('/limited', { 'x-tier': 'big' })).statusCode).toBe(200);
    expect((await get('/limited', { 'x-tier': 'big' })).statusCode).toBe(200);
    expect((await get('/limited', { 'x-tier': 'big' })).statusCode).toBe(200);
    expect((await get('/limited', { 'x-tier': 'big' })).statusCode).toBe(429);
  });

  it('counts a request under the limit without a promise (the plugin it replaced made eight)', async () => {
    await appWith({ max: 1_000_000, timeWindow: '1 minute' });
    const promisesOf = async (url: string) => {
      for (let i = 0; i < 20; i++) await get(url); // warm
      let promises = 0;
      const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && promises++) });
      hook.enable();
      for (let i = 0; i < 100; i++) await get(url);
      hook.disable();
      return promises / 100;
    };
    expect(await promisesOf('/limited')).toBe(await promisesOf('/free'));
  });

  it('reads its windows in seconds, minutes, hours or milliseconds, and refuses any other', () => {
    expect(windowMsOf('1 minute')).toBe(60_000);
    expect(windowMsOf('1 hour')).toBe(3_600_000);
    expect(windowMsOf('30 seconds')).toBe(30_000);
    expect(windowMsOf(1500)).toBe(1500);
    expect(() => windowMsOf('a fortnight')).toThrow(/unknown time window/);
  });
});
