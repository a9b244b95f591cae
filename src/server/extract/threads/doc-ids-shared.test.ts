/**
 * Two instances on one real Redis: the Threads doc id one of them discovered in the bundles is the other's too, as
 * Instagram's are (instagram/discovery/discovery.test.ts), so a rotation costs the bundles once, not once per instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeInstagram, THREADS_FIXTURE, type FakeInstagram } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { readinessDetail } from '../../../../test/readiness.ts';
import { redisServerAvailable, startTestRedis } from '../../../../test/redis-server.ts';

const link = (code: string) => `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${code}`;

describe.runIf(redisServerAvailable())('two instances, one Redis', () => {
  let fake: FakeInstagram;
  beforeAll(async () => {
    fake = await startFakeInstagram();
  });
  afterAll(() => fake?.close());

  it('share a discovered Threads doc id: the second instance heals without reading any bundle', async () => {
    const redis = await startTestRedis();
    const rigs: ResolveRig[] = [];
    try {
      for (let i = 0; i < 2; i++) rigs.push(await startResolveRig({ env: { REDIS_URL: redis.url }, fake }));
      for (const rig of rigs) {
        const deadline = Date.now() + 5000;
        while ((await readinessDetail(rig.app.app)).redis !== 'up' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      }
      const [a, b] = rigs as [ResolveRig, ResolveRig];
      // Only GraphQL answers (the page is the gating shell), and its doc id has rotated.
      fake.switches.threads.add('gating-shell');
      fake.switches.rotateThreadsDocId();
      expect((await a.resolve(link(THREADS_FIXTURE.carousel))).status).toBe(200);
      const read = fake.counts.get('static', 'BarcelonaRelay');
      expect(read).toBe(1);
      expect((await b.resolve(link(THREADS_FIXTURE.photo))).status).toBe(200);
      expect(fake.counts.get('static', 'BarcelonaRelay')).toBe(read);
      expect(b.app.app.resolver.threadsDocIds).toMatchObject({ current: fake.switches.threadsDocId, source: 'discovered' });
    } finally {
      for (const rig of rigs) await rig.close();
      await redis.stop();
    }
  });
});
