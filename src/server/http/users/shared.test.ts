/** Two instances and one Redis: a profile view one instance made is the other's too, costing Instagram nothing more. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamEnv, startApp, type AppRig } from '../../../../test/app-rig.ts';
import { PROFILE_FIXTURE, startFakeInstagram, type FakeInstagram } from '../../../../test/fake-instagram/index.ts';
import { readinessDetail } from '../../../../test/readiness.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from '../../../../test/redis-server.ts';

describe.runIf(redisServerAvailable())('the profile view through Redis', () => {
  let redis: TestRedis;
  let fake: FakeInstagram;
  let a: AppRig;
  let b: AppRig;
  beforeAll(async () => {
    redis = await startTestRedis();
    await redis.start();
    fake = await startFakeInstagram();
    const env = { ...fakeUpstreamEnv(fake), REDIS_URL: redis.url, IG_SESSIONID: 'shared-session' };
    [a, b] = await Promise.all([startApp({ env, withBuild: true }), startApp({ env, withBuild: true })]);
    // Both talking to Redis before the views (a command sent earlier falls back to the instance's memory).
    for (const rig of [a, b]) {
      // The detail is on the private listener: the public /readyz says only its status, so asking it waited 5 s for nothing.
      for (let i = 0; i < 100 && (await readinessDetail(rig.app)).redis !== 'up'; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await readinessDetail(rig.app)).redis).toBe('up');
    }
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
    await redis?.stop();
  });

  it("a second view on the other instance costs at most one Instagram request, and a feed post is the other's hit too", async () => {
    const first = await fetch(`${a.base}/api/v1/users/${PROFILE_FIXTURE.user}`);
    expect(first.status).toBe(200);
    const before = fake.counts.times.length;
    const second = await fetch(`${b.base}/api/v1/users/${PROFILE_FIXTURE.user}`);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { posts: { items: unknown[] } }).posts.items).toHaveLength(12);
    expect(fake.counts.times.length - before).toBeLessThanOrEqual(1);
    const post = await fetch(`${b.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://www.instagram.com/p/MUFEED03/' }) });
    expect(post.status).toBe(200);
    expect(fake.counts.times.length - before).toBeLessThanOrEqual(1);
  });
});
