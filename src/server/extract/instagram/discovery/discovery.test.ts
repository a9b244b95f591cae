/**
 * Doc-id discovery end to end on the real app and the fake Instagram: a rotation heals with no restart and costs
 * one pass; the next lookups use the new id without reading bundles again; hostile bundles end in a clear
 * upstream_changed with no fetch outside IG_STATIC_ORIGIN; two instances on one Redis share a discovered id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../../../test/app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from '../../../../../test/fake-instagram/index.ts';
import type { BundleMode } from '../../../../../test/fake-instagram/bundles.ts';
import { startResolveRig, type ResolveRig } from '../../../../../test/fake-instagram/rig.ts';
import { redisServerAvailable, startTestRedis } from '../../../../../test/redis-server.ts';
import { bundleUrls } from '../../meta/discovery/bundle-urls.ts';
import { findRelayDocIds } from '../../meta/discovery/relay-operations.ts';
import { readinessDetail } from '../../../../../test/readiness.ts';

const IG = 'https://www.instagram.com';
const OPS = ['PolarisPostActionLoadPostQueryQuery', 'PolarisPostRootQuery'];

describe('reading bundles', () => {
  it('finds a relay operation’s doc id among other modules, not in comments, not of the wrong length', () => {
    const module = (op: string, id: string) => `__d("${op}_instagramRelayOperation",[],(function(a,b,c,d,e,f){e.exports="${id}"}),null);`;
    const bundle = [
      `/* old: ${module(OPS[0]!, '1111111111111111')} */`,
      `// ${module(OPS[0]!, '2222222222222222')}`,
      module(OPS[1]!, '123'),
      '__d("Other",[],(function(a,b,c,d,e,f){e.exports="4444444444444444"}),null);',
      module(OPS[0]!, '8845758582119846'),
    ].join('\n');
    expect(Object.fromEntries(findRelayDocIds(bundle, OPS))).toEqual({ PolarisPostActionLoadPostQueryQuery: '8845758582119846' });
  });

  it('stays linear on a hostile bundle (a million near-misses)', () => {
    const hostile = `__d("${OPS[0]}_instagramRelayOperation"`.repeat(2000) + '__d("'.repeat(500_000);
    const started = performance.now();
    expect(findRelayDocIds(hostile, OPS).size).toBe(0);
    // A generous bound that only a quadratic scan (minutes) would miss.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('keeps only script bundles on the static origin', () => {
    const html = `<script src="https://static.cdninstagram.com/rsrc.php/v3/a.js"></script><script src="https://evil.test/b.js"></script>
      <link rel="preload" as="script" href="https://static.cdninstagram.com/rsrc.php/v3/c.js?x=1&amp;y=2"><link rel="stylesheet" href="https://static.cdninstagram.com/d.css">
      <script src="/relative.js"></script><script>inline()</script>`;
    expect(bundleUrls(html, 'https://www.instagram.com/p/x/', 'https://static.cdninstagram.com')).toEqual([
      'https://static.cdninstagram.com/rsrc.php/v3/a.js',
      'https://static.cdninstagram.com/rsrc.php/v3/c.js?x=1&y=2',
    ]);
  });
});

describe('a doc-id rotation', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_STRATEGIES: 'graphql-shortcode,graphql-web-info' } });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.switches.reset();
    rig.fake.counts.reset();
    rig.resetHealth();
  });

  it('heals with no restart: the first lookup after it succeeds, later ones use the new id without reading bundles', async () => {
    expect((await rig.resolve(`${IG}/p/${FIXTURE.image}/`)).status).toBe(200);
    rig.fake.switches.rotateDocIds();
    rig.fake.counts.reset();
    const healed = await rig.resolve(`${IG}/p/${FIXTURE.reel}/`);
    expect(healed.status).toBe(200);
    const bundlesRead = rig.fake.counts.get('static');
    expect(bundlesRead).toBeGreaterThan(0);
    expect(rig.fake.counts.get('post-page', FIXTURE.reel)).toBe(1);
    const docIds = rig.app.app.resolver.docIds.all();
    expect(docIds.shortcode).toEqual({ id: rig.fake.switches.docIds.shortcode, source: 'discovered' });
    expect(docIds.webInfo).toEqual({ id: rig.fake.switches.docIds.webInfo, source: 'discovered' });
    // The next lookups: the new id at once, no page or bundle read again, no refused request.
    for (const code of [FIXTURE.carousel, FIXTURE.igtv]) expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
    expect(rig.fake.counts.get('static')).toBe(bundlesRead);
    expect(rig.fake.counts.get('unknown')).toBe(1);
  });

  it.each<BundleMode>(['huge', 'no-match', 'comment-only', 'wrong-length', 'foreign-host'])(
    'with %s bundles: a clear upstream_changed, no crash, nothing fetched outside IG_STATIC_ORIGIN',
    async (mode) => {
      const fake = await startFakeInstagram({ cdnOrigin: rig.fake.cdnOrigin });
      const own = await startResolveRig({ fake, env: { IG_STRATEGIES: 'graphql-shortcode' } });
      try {
        fake.switches.rotateDocIds();
        fake.switches.bundles = mode;
        const res = await own.resolve(`${IG}/p/${FIXTURE.image}/`);
        expect(res.status).toBe(502);
        expect(res.body.error.code).toBe('upstream_changed');
        expect(fake.counts.get('foreign')).toBe(0);
        expect(own.app.app.resolver.docIds.get('shortcode').source).toBe('default');
        // Nothing found: a cool-down, so the next lookup does not read the bundles again.
        const read = fake.counts.get('static');
        expect((await own.resolve(`${IG}/p/${FIXTURE.reel}/`)).status).toBe(502);
        expect(fake.counts.get('static')).toBe(read);
        expect((await fetch(`${own.app.base}/healthz`)).status).toBe(200);
      } finally {
        await own.close();
        await fake.close();
      }
    },
  );
});

describe.runIf(redisServerAvailable())('two instances, one Redis', () => {
  let fake: FakeInstagram;
  beforeAll(async () => {
    fake = await startFakeInstagram();
  });
  afterAll(() => fake?.close());

  it('share a discovered doc id: the second instance heals without reading any bundle', async () => {
    const redis = await startTestRedis();
    const env = { REDIS_URL: redis.url, IG_WEB_ORIGIN: fake.webOrigin, IG_STATIC_ORIGIN: fake.staticOrigin, MEDIA_TEST_ORIGINS: fake.cdnOrigin, IG_STRATEGIES: 'graphql-shortcode' };
    const a = await startApp({ env });
    const b = await startApp({ env });
    try {
      for (const rig of [a, b]) {
        const deadline = Date.now() + 5000;
        while (((await readinessDetail(rig.app)) as { redis: string }).redis !== 'up' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      }
      fake.switches.rotateDocIds();
      const post = (rig: typeof a, code: string) =>
        fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${IG}/p/${code}/` }) });
      expect((await post(a, FIXTURE.image)).status).toBe(200);
      const read = fake.counts.get('static');
      expect(read).toBeGreaterThan(0);
      expect((await post(b, FIXTURE.reel)).status).toBe(200);
      expect(fake.counts.get('static')).toBe(read);
      expect(b.app.resolver.docIds.get('shortcode')).toEqual({ id: fake.switches.docIds.shortcode, source: 'discovered' });
    } finally {
      await a.close();
      await b.close();
      await redis.stop();
    }
  });
});
