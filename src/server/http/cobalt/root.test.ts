/**
 * `/` on a real app: GET / is the page for navigations and our service worker, cobalt's instance info for cobalt's
 * clients, with a Vary that keeps them apart in caches; POST / carries cobalt's RateLimit headers on every answer,
 * and past the rate limit is cobalt's rate_exceeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppRig } from '../../../../test/app-rig.ts';

const ORIGIN = 'https://gramsave.example';
let rig: AppRig;
beforeAll(async () => {
  rig = await startApp({ withBuild: true, env: { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT_RESOLVE_PER_MIN: '2' } });
});
afterAll(() => rig?.close());

const get = (headers: Record<string, string>, method = 'GET') => fetch(`${rig.base}/`, { method, headers });
const VARY = 'Accept, Origin, Sec-Fetch-Site, Sec-Fetch-Mode';

describe('GET /', () => {
  it('a navigation gets the page, as before, with the Vary that keeps the two answers apart', async () => {
    const navigation = { accept: 'text/html,*/*;q=0.8', 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };
    const res = await get(navigation);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Gramsave</title>');
    // The page at / also depends on the visitor's language (issue 37 point 6).
    expect(res.headers.get('vary')).toBe(`${VARY}, Accept-Language, Cookie, Accept-Encoding`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // Revalidation still works for the page.
    const again = await get({ ...navigation, 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('our service worker (same-origin fetch) and a crawler (Accept names HTML) get the page', async () => {
    const asked: Record<string, string>[] = [{ accept: '*/*', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, { accept: 'text/html,application/xhtml+xml', 'user-agent': 'Googlebot/2.1' }];
    for (const headers of asked) {
      const res = await get(headers);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('cobalt’s clients get the instance info, listing instagram, from any origin', async () => {
    const asked: Record<string, string>[] = [
      { accept: 'application/json' },
      { accept: '*/*', origin: 'https://cobalt.tools', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      // cobalt-kit's info() and curl: Accept */*, no Origin, no Fetch Metadata (issue 39: they got the page).
      { accept: '*/*' },
    ];
    for (const headers of asked) {
      const res = await get(headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('vary')).toBe(VARY);
      const info = await res.json();
      expect(info).toEqual({
        cobalt: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/), url: `${ORIGIN}/`, startTime: expect.stringMatching(/^\d{13}$/), services: ['instagram', 'threads'] },
        git: { commit: expect.any(String), branch: expect.any(String), remote: expect.any(String) },
      });
    }
    const head = await get({ accept: 'application/json' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('POST / rate limit', () => {
  it('draft-6 RateLimit headers on every answer; past the limit 429 rate_exceeded with the window; exposed through CORS', async () => {
    const post = () =>
      fetch(`${rig.base}/`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', origin: 'https://cobalt.tools' }, body: '{"url":"not a link"}' });
    // Under the limit too, every answer carries the counters under draft 6's names (as cobalt's do), and only those.
    for (const remaining of ['1', '0']) {
      const under = await post();
      expect(under.status).toBe(400);
      expect(under.headers.get('ratelimit-limit')).toBe('2');
      expect(under.headers.get('ratelimit-remaining')).toBe(remaining);
      expect(Number(under.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(under.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
      expect(under.headers.get('ratelimit-policy')).toBe('2;w=60');
      expect(under.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const res = await post();
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ status: 'error', error: { code: 'error.api.rate_exceeded', context: { limit: 60 } } });
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-policy')).toBe('2;w=60');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    // The native API keeps its own counter and its own error shape.
    const native = await fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"url":"not a link"}' });
    expect(native.status).toBe(400);
    expect((await native.json()).error.code).toBe('invalid_url');
    // …and sends no counters under the limit (they would cost every cached resolve).
    expect([...native.headers.keys()].filter((name) => /ratelimit/.test(name))).toEqual([]);
  });
});

describe('what cobalt’s clients probe besides /', () => {
  it('an unknown API path (cobalt v7’s GET /api/serverInfo) is our JSON 404, readable from any origin', async () => {
    for (const [method, route] of [['GET', '/api/serverInfo'], ['GET', '/api/v1/nothing'], ['POST', '/api/json']] as const) {
      const res = await fetch(`${rig.base}${route}`, { method, headers: { origin: 'https://cobalt.tools', accept: '*/*' } });
      expect(res.status, route).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), route).toBe('*');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('POST /session answers cobalt’s auth.not_configured (400) with CORS, and its preflight passes', async () => {
    const preflight = await fetch(`${rig.base}/session`, {
      method: 'OPTIONS',
      headers: { origin: 'https://cobalt.tools', 'access-control-request-method': 'POST', 'access-control-request-headers': 'cf-turnstile-response' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('cf-turnstile-response');
    const res = await fetch(`${rig.base}/session`, { method: 'POST', headers: { origin: 'https://cobalt.tools', 'cf-turnstile-response': 'x' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ status: 'error', error: { code: 'error.api.auth.not_configured' } });
  });
});
