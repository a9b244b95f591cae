/**
 * Two app instances and one real Redis act as one service: shared resolution cache, shared rate limits,
 * each other's media tokens, single-flight across instances; with Redis gone they keep answering
 * (per-instance behaviour, a warning logged) and pick Redis up again when it returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolution } from '../src/shared/api.ts';
import { fakeUpstreamEnv, startApp, type AppRig } from './app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from './fake-instagram/index.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from './redis-server.ts';
import { readinessDetail } from './readiness.ts';

let redis: TestRedis;
let fake: FakeInstagram;
let a: AppRig;
let b: AppRig;

beforeAll(async () => {
  redis = await startTestRedis();
  fake = await startFakeInstagram();
  const env = { ...fakeUpstreamEnv(fake), REDIS_URL: redis.url, RATE_LIMIT_CONTACT_PER_HOUR: '4' };
  [a, b] = await Promise.all([startApp({ env, captureLogs: 'warn', withBuild: true }), startApp({ env, captureLogs: 'warn', withBuild: true })]);
  await waitUntil(async () => (await fetch(`${a.base}/readyz`)).status === 200 && (await fetch(`${b.base}/readyz`)).status === 200);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await fake?.close();
  await redis?.stop();
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function resolve(rig: AppRig, url: string): Promise<{ status: number; body: Resolution & { error?: { code: string } } }> {
  const res = await fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  return { status: res.status, body: await res.json() };
}

/** Upstream requests the fake served for one target, every endpoint together. */
function fetchesFor(target: string): number {
  return Object.entries(fake.counts.snapshot())
    .filter(([key]) => key.endsWith(`:${target}`))
    .reduce((sum, [, n]) => sum + n, 0);
}

const postUrl = (shortcode: string) => `https://www.instagram.com/p/${shortcode}/`;

describe.runIf(redisServerAvailable())('two instances, one Redis', () => {
  it('shares the resolution cache: a resolve on A then on B makes one upstream fetch', async () => {
    const first = await resolve(a, postUrl(FIXTURE.image));
    expect(first.status).toBe(200);
    const cost = fetchesFor(FIXTURE.image);
    expect(cost).toBeGreaterThanOrEqual(1);
    const second = await resolve(b, postUrl(FIXTURE.image));
    expect(second.status).toBe(200);
    expect(second.body.items.length).toBe(first.body.items.length);
    expect(fetchesFor(FIXTURE.image)).toBe(cost);
  });

  it('shares a verdict: a post found deleted on A is not asked again on B (10 minutes, by post id)', async () => {
    const first = await resolve(a, postUrl('GoneOnA0001'));
    expect([first.status, first.body.error?.code]).toEqual([404, 'not_found']);
    const cost = fetchesFor('GoneOnA0001');
    expect(cost).toBeGreaterThanOrEqual(1);
    const second = await resolve(b, 'https://www.instagram.com/reel/GoneOnA0001/');
    expect([second.status, second.body.error?.code]).toEqual([404, 'not_found']);
    expect(fetchesFor('GoneOnA0001')).toBe(cost);
  });

  it("serves a media token signed by the other instance", async () => {
    const { body } = await resolve(a, postUrl(FIXTURE.image));
    const item = body.items[0]!;
    const fromB = await fetch(b.base + item.downloadUrl);
    expect(fromB.status).toBe(200);
    const fromA = await fetch(a.base + item.downloadUrl);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it('shares one rate limit between the instances', async () => {
    const post = (rig: AppRig) => fetch(`${rig.base}/api/v1/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const statuses: number[] = [];
    for (const rig of [a, b, a, b, a, b]) statuses.push((await post(rig)).status);
    // 4 per hour per client IP across both instances: the 5th and 6th are refused whichever instance gets them.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('holds single-flight across instances: concurrent misses on A and B make one upstream fetch', async () => {
    fake.switches.set(FIXTURE.reel, { delayMs: 400 });
    const answers = await Promise.all([a, b, a, b, b, a].map((rig) => resolve(rig, postUrl(FIXTURE.reel))));
    fake.switches.targets.delete(FIXTURE.reel);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // One instance fetched (what a lone resolve costs, as measured for the image post); the other waited for the cache.
    expect(fetchesFor(FIXTURE.reel)).toBe(fetchesFor(FIXTURE.image));
  });

  it('keeps answering when Redis goes away (warning logged), and shares again when it returns', async () => {
    await redis.stop();
    await waitUntil(async () => (await fetch(`${a.base}/readyz`)).status === 503);

    const resolved = await resolve(a, postUrl(FIXTURE.igtv));
    expect(resolved.status).toBe(200);
    const media = await fetch(b.base + resolved.body.items[0]!.previewUrl);
    expect(media.status).toBe(200);
    await media.arrayBuffer();
    const cached = await resolve(b, postUrl(FIXTURE.image)); // B's memory fallback has no copy: it fetches again
    expect(cached.status).toBe(200);
    // Rate limits now count per instance: B still accepts the contact form.
    const contact = await fetch(`${b.base}/api/v1/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(contact.status).toBe(400);
    expect((await fetch(`${a.base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${a.base}/readyz`)).json()).toEqual({ status: 'not_ready' });
    expect(await readinessDetail(a.app)).toMatchObject({ status: 'not_ready', redis: 'down' });
    for (const rig of [a, b]) expect(rig.logs.some((line) => line.includes('Redis unavailable'))).toBe(true);
    expect([...a.logs, ...b.logs].some((line) => /"level":50|"level":60/.test(line))).toBe(false); // warnings, not errors

    await redis.start();
    await waitUntil(async () => (await fetch(`${a.base}/readyz`)).status === 200 && (await fetch(`${b.base}/readyz`)).status === 200);
    const before = fetchesFor(FIXTURE.carousel);
    expect((await resolve(a, postUrl(FIXTURE.carousel))).status).toBe(200);
    const cost = fetchesFor(FIXTURE.carousel) - before;
    expect((await resolve(b, postUrl(FIXTURE.carousel))).status).toBe(200);
    expect(fetchesFor(FIXTURE.carousel) - before).toBe(cost);
  });
});
