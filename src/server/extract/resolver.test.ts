/**
 * The resolver inside the real app, against the fake Instagram: strategy fallback and order, single-flight,
 * cache, timeouts and the overall deadline, token refresh, metrics and log lines.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../test/fake-instagram/index.ts';
import { parseLink } from '../../shared/link.ts';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { startHttpProxy } from '../../../test/http-proxy.ts';
import { resolveStrategyTotal } from '../metrics.ts';
import { cacheTtlMs, CACHE_TTL_MS } from './resolver.ts';
import type { RawResolution } from './raw.ts';
import { readinessDetail } from '../../../test/readiness.ts';

const IG = 'https://www.instagram.com';

async function strategyCount(strategy: string, outcome: string): Promise<number> {
  const metric = await resolveStrategyTotal.get();
  return metric.values.find((v) => v.labels.strategy === strategy && v.labels.outcome === outcome)?.value ?? 0;
}

describe('strategy fallback', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' }, captureLogs: 'info' });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.switches.reset();
    rig.fake.counts.reset();
    rig.resetHealth();
  });

  it('earlier strategies broken → embed (contextJSON form) is used, each failure counted and logged', async () => {
    rig.fake.switches.break('graphql-web-info', 'server_error').break('polaris-media', 'require_login').break('post-page');
    const before = { embed: await strategyCount('embed', 'ok'), changed: await strategyCount('permalink', 'changed') };
    const res = await rig.resolve(`${IG}/p/${FIXTURE.carousel}/`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(rig.fake.counts.get('embed', FIXTURE.carousel)).toBe(1);
    expect(rig.fake.counts.get('media-info')).toBe(0);
    expect(await strategyCount('embed', 'ok')).toBe(before.embed + 1);
    expect(await strategyCount('permalink', 'changed')).toBe(before.changed + 1);
    const lines = rig.app.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.target === `media:${FIXTURE.carousel}`);
    expect(lines.map((l) => `${l.strategy}:${l.outcome}`)).toEqual([
      'graphql-web-info:unavailable',
      'polaris-media:rate_limited',
      'permalink:changed',
      'embed:ok',
    ]);
  });

  it('embed reads the __additionalDataLoaded form too (v1 items)', async () => {
    rig.fake.switches.break('graphql-web-info').break('polaris-media').break('post-page');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
    expect(res.body).toMatchObject({ kind: 'post', shortcode: FIXTURE.v1Image, author: { username: 'manchesterunited' } });
    expect(rig.fake.counts.get('embed', FIXTURE.v1Image)).toBe(1);
  });

  it('the first four broken → media-info with the session cookie', async () => {
    for (const name of ['graphql-web-info', 'polaris-media', 'post-page', 'embed'] as const) rig.fake.switches.break(name);
    const res = await rig.resolve(`${IG}/tv/${FIXTURE.igtv}/`);
    expect(res.body.kind).toBe('igtv');
    expect(rig.fake.counts.get('media-info', FIXTURE.igtv)).toBe(1);
  });

  it('polaris-media addresses the post by pk', async () => {
    rig.fake.switches.break('graphql-web-info');
    const res = await rig.resolve(`${IG}/reel/${FIXTURE.reel2025}/`);
    expect(res.body.caption).toContain('✨');
    expect(rig.fake.counts.get('polaris-media', FIXTURE.reel2025)).toBe(1);
  });

  it('web tokens are fetched once and reused; refused tokens are fetched anew', async () => {
    await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
    await rig.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`);
    expect(rig.fake.counts.get('home')).toBe(0); // still cached from the earlier tests
    rig.fake.rotateTokens();
    const res = await rig.resolve(`${IG}/p/${FIXTURE.reel}/`);
    expect(res.status).toBe(200);
    expect(rig.fake.counts.get('home')).toBe(1);
    expect(rig.fake.counts.get('graphql-web-info', FIXTURE.reel)).toBe(2);
  });
});

describe('strategy order is configuration', () => {
  it('IG_STRATEGIES=embed,graphql-shortcode runs embed first', async () => {
    const rig = await startResolveRig({ env: { IG_STRATEGIES: 'embed,graphql-shortcode' } });
    try {
      const res = await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
      expect(res.status).toBe(200);
      expect(rig.fake.counts.get('embed')).toBe(1);
      expect(rig.fake.counts.get('graphql-shortcode')).toBe(0);
      expect(rig.fake.counts.get('home')).toBe(0); // embed needs no tokens
    } finally {
      await rig.close();
    }
  });
});

describe('single-flight and cache', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig();
  });
  afterAll(() => rig?.close());

  it('50 concurrent requests for one target make one upstream fetch', async () => {
    rig.fake.switches.set(FIXTURE.v1Reel, { delayMs: 300 });
    const links = Array.from({ length: 50 }, (_, i) => (i % 2 ? `${IG}/reel/${FIXTURE.v1Reel}/?igsh=${i}` : `${IG}/p/${FIXTURE.v1Reel}/`));
    const results = await Promise.all(links.map((link) => rig.resolve(link)));
    expect(results.every((r) => r.status === 200 && r.body.shortcode === FIXTURE.v1Reel)).toBe(true);
    expect(rig.fake.counts.get('graphql-web-info', FIXTURE.v1Reel)).toBe(1);
  });

  it('a second request is a cache hit: no upstream request', async () => {
    const first = await rig.resolve(`${IG}/p/${FIXTURE.igtv}/`);
    const count = rig.fake.counts.total();
    const second = await rig.resolve(`${IG}/tv/${FIXTURE.igtv}/?utm_source=x`);
    expect(second.status).toBe(200);
    expect(second.body.items[0].width).toBe(first.body.items[0].width);
    expect(rig.fake.counts.total()).toBe(count);
  });

  it('a hit this process holds is at hand without waiting, for a direct link and a known share link', async () => {
    const { resolver } = rig.app.app;
    const direct = parseLink(`${IG}/p/${FIXTURE.carousel}/`);
    const share = parseLink(`${IG}/share/reel/${FIXTURE.shareToReel}/`);
    if (!direct.ok || !share.ok) throw new Error('fixture links should parse');
    expect(resolver.cachedNow(direct.link)).toBeUndefined();
    expect(resolver.cachedNow(share.link)).toBeUndefined();
    const resolved = await resolver.resolve(direct.link);
    expect(resolver.cachedNow(direct.link)).toBe(resolved);
    const viaShare = await resolver.resolve(share.link);
    const count = rig.fake.counts.total();
    expect(resolver.cachedNow(share.link)).toBe(viaShare);
    expect(await resolver.resolve(share.link)).toBe(viaShare);
    expect(rig.fake.counts.total()).toBe(count);
  });

  it('answers whose CDN URLs expire within the hour are not cached', async () => {
    rig.fake.switches.set(FIXTURE.reel2025, 'expired');
    await rig.resolve(`${IG}/reel/${FIXTURE.reel2025}/`);
    await rig.resolve(`${IG}/reel/${FIXTURE.reel2025}/`);
    expect(rig.fake.counts.get('graphql-web-info', FIXTURE.reel2025)).toBe(2);
  });

  it('failures are not cached, but a verdict on the post (private, deleted, age-gated) is remembered for 10 minutes', async () => {
    rig.fake.switches.set('NotCached1', 'rate_limited');
    expect((await rig.resolve(`${IG}/p/NotCached1/`)).status).toBe(429);
    rig.fake.switches.targets.delete('NotCached1');
    expect((await rig.resolve(`${IG}/p/NotCached1/`)).status).toBe(404);
    rig.fake.switches.set('Remembered1', 'private');
    expect((await rig.resolve(`${IG}/p/Remembered1/`)).status).toBe(403);
    rig.fake.switches.targets.delete('Remembered1');
    const asked = rig.fake.counts.total();
    expect((await rig.resolve(`${IG}/tv/Remembered1/`)).status).toBe(403);
    expect(rig.fake.counts.total()).toBe(asked);
  });
});

describe('timeouts', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ timeouts: { requestMs: 250, deadlineMs: 700 } });
  });
  afterAll(() => rig?.close());

  it('a slow upstream times out per request, and the deadline stops the chain: 504', async () => {
    rig.fake.switches.set('SlowPost1', { delayMs: 2000 });
    const started = Date.now();
    const res = await rig.resolve(`${IG}/p/SlowPost1/`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('upstream_unavailable');
    expect(elapsed).toBeLessThan(1500);
    // the deadline passed before the last strategies could run
    expect(rig.fake.counts.get('media-info', 'SlowPost1')).toBe(0);
  });
});

describe('IG_PROXY', () => {
  it('carries every upstream request, with the browser-grade client and with undici', async () => {
    for (const client of ['impit', 'undici']) {
      const proxy = await startHttpProxy();
      const rig = await startResolveRig({ env: { IG_PROXY: proxy.url, IG_SESSIONID: 'x', IG_CLIENT: client } });
      try {
        expect((await rig.resolve(`${IG}/p/${FIXTURE.image}/`)).status).toBe(200);
        expect((await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/`)).status).toBe(200);
        // Every request goes to the web origin (the web app id's consistent host), through the proxy.
        expect(new Set(proxy.hosts), client).toEqual(new Set([new URL(rig.fake.webOrigin).host]));
        expect(rig.fake.counts.get('graphql-web-info', FIXTURE.image)).toBe(1);
        expect(rig.fake.counts.get('reels-media', FIXTURE.storyUser)).toBe(1);
      } finally {
        await rig.close();
        await proxy.close();
      }
    }
  });
});

describe('cacheTtlMs', () => {
  const raw = (oe: number): RawResolution => {
    const url = `https://x.cdninstagram.com/a.jpg?oe=${oe.toString(16)}`;
    return { kind: 'post', sourceUrl: `${IG}/p/x/`, author: { username: 'a' }, items: [{ type: 'image', url, previewUrl: url, qualities: [{ url, width: 1, height: 1 }] }] };
  };
  it('is 10 minutes for URLs valid for days, nothing for URLs about to expire', () => {
    const now = Date.now();
    expect(cacheTtlMs(raw(Math.floor(now / 1000) + 3 * 86400), now)).toBe(CACHE_TTL_MS);
    expect(cacheTtlMs(raw(Math.floor(now / 1000) + 600), now)).toBe(0);
    expect(cacheTtlMs(raw(Math.floor(now / 1000) - 3600), now)).toBe(0);
  });
});

describe('strategy health orders the chain', () => {
  it('a strategy broken for several posts moves to the end, and takes its place back once it works again', async () => {
    const rig = await startResolveRig({ env: { IG_STRATEGIES: 'graphql-shortcode,graphql-web-info' }, timeouts: { healthProbeMs: 300 } });
    try {
      rig.fake.switches.break('graphql-shortcode');
      for (const code of [FIXTURE.image, FIXTURE.reel, FIXTURE.carousel]) expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
      expect(rig.fake.counts.get('graphql-shortcode')).toBe(3);
      // Demoted: the next lookup goes straight to the working strategy.
      expect((await rig.resolve(`${IG}/p/${FIXTURE.igtv}/`)).status).toBe(200);
      expect(rig.fake.counts.get('graphql-shortcode', FIXTURE.igtv)).toBe(0);
      expect(rig.fake.counts.get('graphql-web-info', FIXTURE.igtv)).toBe(1);
      const ready = (await readinessDetail(rig.app.app)) as { strategies: Record<string, { demoted: boolean }> };
      expect(ready.strategies['graphql-shortcode']!.demoted).toBe(true);
      // Instagram fixes it; after the probe interval it is tried in its place, succeeds and stays first.
      rig.fake.switches.reset();
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`)).status).toBe(200);
      expect(rig.fake.counts.get('graphql-shortcode', FIXTURE.v1Image)).toBe(1);
      expect((await rig.resolve(`${IG}/p/${FIXTURE.v1Reel}/`)).status).toBe(200);
      expect(rig.fake.counts.get('graphql-shortcode', FIXTURE.v1Reel)).toBe(1);
      expect(rig.fake.counts.get('graphql-web-info', FIXTURE.v1Reel)).toBe(0);
    } finally {
      await rig.close();
    }
  });
});
