/**
 * The resolve lane on the real app (a loopback port, the fake Instagram): a held link is answered there with the
 * route's own answer (bytes, headers and their order, log line, latency metric), and whatever the lane does not answer
 * is handed on and answered by the route as before, its counts counted once.
 */
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamEnv, startApp, type AppRig } from '../../../../test/app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from '../../../../test/fake-instagram/index.ts';
import { metricsRegistry } from '../../metrics.ts';

const link = (shortcode: string) => `https://www.instagram.com/p/${shortcode}/`;

let fake: FakeInstagram;
beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(async () => {
  await fake?.close();
});

let rig: AppRig | undefined;
afterEach(async () => {
  fake.switches.reset();
  await rig?.close();
  rig = undefined;
});

const start = async (env: Record<string, string> = {}, captureLogs?: 'info') => {
  rig = await startApp({ env: { ...fakeUpstreamEnv(fake), ...env }, ...(captureLogs ? { captureLogs } : {}) });
  return rig;
};

/** A resolve as browsers send it; `chunked`: the body without a length, which the lane leaves to the route. */
async function resolve(app: AppRig, body: string, headers: Record<string, string> = {}, chunked = false) {
  const res = await request(`${app.base}/api/v1/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd', ...headers },
    body: chunked ? Readable.from([Buffer.from(body)]) : body,
  });
  return { status: res.statusCode, headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) };
}

async function laneReads(): Promise<{ answered: number; handed_on: number }> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'gramsave_resolve_lane_total');
  const of = (way: string) => Number(metric?.values.find((v) => v.labels.way === way)?.value ?? 0);
  return { answered: of('answered'), handed_on: of('handed_on') };
}

/** What the lane read since the last call: the metric's collect hands over its counts and then reads zero again. */
const readsSince = async (before: { answered: number; handed_on: number }) => {
  const now = await laneReads();
  return { answered: now.answered - before.answered, handed_on: now.handed_on - before.handed_on };
};

/** The latency metric's count of POST /api/v1/resolve answered 200 (the registry is the process's: a difference counts). */
async function resolvesTimed(): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'gramsave_http_request_duration_seconds');
  const count = metric?.values.find(
    (v) => (v as { metricName?: string }).metricName === 'gramsave_http_request_duration_seconds_count' && v.labels.route === '/api/v1/resolve' && v.labels.method === 'POST' && String(v.labels.status) === '200',
  );
  return Number(count?.value ?? 0);
}

const json = (body: { bytes: Buffer }) => JSON.parse(body.bytes.toString('utf8')) as Record<string, unknown>;

describe('a link this process holds', () => {
  it("is answered by the lane with the route's own answer: the same bytes, headers in the same order, the same log line", async () => {
    const app = await start({}, 'info');
    const body = JSON.stringify({ url: link(FIXTURE.image) });
    let reads = await laneReads();
    const first = await resolve(app, body); // not held yet: read, handed on, looked up by the route
    expect(first.status).toBe(200);
    expect(await readsSince(reads)).toEqual({ answered: 0, handed_on: 1 });

    reads = await laneReads();
    const lane = await resolve(app, body);
    expect(await readsSince(reads)).toEqual({ answered: 1, handed_on: 0 });
    reads = await laneReads();
    const route = await resolve(app, body, {}, true); // chunked: the lane does not read it, the route answers from the cache
    expect(await readsSince(reads)).toEqual({ answered: 0, handed_on: 0 });

    expect(lane.status).toBe(200);
    expect(route.status).toBe(200);
    // One presentation of the answer is reused for a minute: the two ways send the very same bytes.
    expect(lane.bytes.equals(route.bytes)).toBe(true);
    expect(lane.headers['content-encoding']).toBe('br');
    const comparable = (headers: Record<string, unknown>) =>
      Object.entries(headers)
        .filter(([name]) => name !== 'date' && name !== 'transfer-encoding')
        .map(([name, value]) => [name, name === 'x-request-id' ? typeof value : value]);
    expect(comparable(lane.headers)).toEqual(comparable(route.headers));
    expect(Object.keys(lane.headers)).toContain('content-security-policy');
    expect(lane.headers['x-request-id']).not.toBe(route.headers['x-request-id']);

    const lines = app.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request completed');
    const lineOf = (id: unknown) => lines.find((line) => (line.req as { id?: unknown } | undefined)?.id === id);
    const [laneLine, routeLine] = [lineOf(lane.headers['x-request-id']), lineOf(route.headers['x-request-id'])];
    expect(laneLine).toBeDefined();
    const shape = (line: Record<string, unknown> | undefined) => ({ ...line, time: 0, reqId: 0, responseTime: typeof line?.responseTime, req: { ...(line?.req as object), id: 0 } });
    expect(shape(laneLine)).toEqual(shape(routeLine));
    expect(laneLine?.reqId).toBe(lane.headers['x-request-id']);

    // The route's latency metric counts the lane's answers too.
    const before = await resolvesTimed();
    await resolve(app, body);
    expect((await resolvesTimed()) - before).toBe(1);
  });

  it('keeps a caller’s sane x-request-id, as the route does', async () => {
    const app = await start();
    const body = JSON.stringify({ url: link(FIXTURE.reel) });
    await resolve(app, body);
    const reads = await laneReads();
    const held = await resolve(app, body, { 'x-request-id': 'support-ticket-42' });
    expect(await readsSince(reads)).toEqual({ answered: 1, handed_on: 0 });
    expect(held.headers['x-request-id']).toBe('support-ticket-42');
  });
});

describe('what the lane hands on', () => {
  it('is answered by the route: a body it cannot read, an unknown link, a link it does not hold', async () => {
    const app = await start();
    fake.switches.set('LaneMissing1', 'not_found');
    const reads = await laneReads();
    const malformed = await resolve(app, '{"url": ');
    const wrongType = await resolve(app, JSON.stringify({ url: 5 }));
    const poisoned = await resolve(app, '{"url": "https://www.instagram.com/p/x/", "__proto__": {"admin": true}}');
    const foreign = await resolve(app, JSON.stringify({ url: 'https://example.com/p/abc/' }));
    const missing = await resolve(app, JSON.stringify({ url: link('LaneMissing1') }));
    expect(await readsSince(reads)).toEqual({ answered: 0, handed_on: 5 });
    expect([malformed, wrongType, poisoned, foreign, missing].map((r) => [r.status, (json(r).error as { code: string }).code])).toEqual([
      [400, 'bad_request'],
      [400, 'bad_request'],
      [400, 'bad_request'],
      [400, 'invalid_url'],
      [404, 'not_found'],
    ]);
    expect((json(wrongType).error as { fields?: Record<string, string> }).fields).toHaveProperty('url');
  });

  it('counts a request once against the rate limit, though both ways ask (the lane first, the route after a hand-on)', async () => {
    const app = await start({ RATE_LIMIT_RESOLVE_PER_MIN: '3' });
    const body = JSON.stringify({ url: link(FIXTURE.carousel) });
    // Counted twice, the first request (handed on) would use two of the three and the third would be refused.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await resolve(app, body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect((json(answers[3]!).error as { code: string }).code).toBe('rate_limited');
    expect(answers[3]!.headers['x-ratelimit-limit']).toBe('3');
    expect(answers[3]!.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a request once against the free lookups, and past them the route asks for the challenge', async () => {
    const app = await start({ CHALLENGE_FREE_PER_MIN: '3' });
    // Three links not held: each read by the lane, counted, handed on; counted again there, the third would be refused.
    const shortcodes = [FIXTURE.image, FIXTURE.reel, FIXTURE.igtv];
    const misses = [];
    for (const shortcode of shortcodes) misses.push(await resolve(app, JSON.stringify({ url: link(shortcode) })));
    expect(misses.map((a) => a.status)).toEqual([200, 200, 200]);
    const reads = await laneReads();
    const held = await resolve(app, JSON.stringify({ url: link(FIXTURE.image) }));
    expect(await readsSince(reads)).toEqual({ answered: 0, handed_on: 1 });
    expect(held.status).toBe(429);
    expect((json(held).error as { code: string }).code).toBe('challenge_required');
  });
});

describe('a client that goes before its body has come', () => {
  it('leaves the server answering the next one', async () => {
    const app = await start();
    const socket = connect(app.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v1/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"url": "https');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    const after = await resolve(app, JSON.stringify({ url: link(FIXTURE.image) }));
    expect(after.status).toBe(200);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  it('counts by the forwarded address and sends HSTS for a forwarded https request, as the route does', async () => {
    const app = await start({ TRUST_PROXY: 'true', RATE_LIMIT_RESOLVE_PER_MIN: '2' });
    const body = JSON.stringify({ url: link(FIXTURE.image) });
    const from = (address: string, proto = 'http') => resolve(app, body, { 'x-forwarded-for': `${address}, 10.0.0.1`, 'x-forwarded-proto': proto });
    const reads = await laneReads();
    const answers = [await from('203.0.113.5'), await from('203.0.113.5', 'https'), await from('203.0.113.5'), await from('203.0.113.6')];
    expect(await readsSince(reads)).toEqual({ answered: 2, handed_on: 2 });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 200]);
    expect(answers[1]!.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answers[3]!.headers['strict-transport-security']).toBeUndefined();
  });
});
