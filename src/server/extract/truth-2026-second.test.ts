/**
 * Issue 29, end to end: the real app against a fake Instagram answering the shapes the first pass missed
 * (switches.ts FACTS_2026_SECOND, docs/instagram.md "The second pass"). Each case failed before the change: most
 * ended in 404 "Content not found or has been deleted" for a live post.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../test/fake-instagram/index.ts';
import { startResolveRig, withStrategiesAlone, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { startHttpProxy } from '../../../test/http-proxy.ts';
import { readinessDetail } from '../../../test/readiness.ts';
import { freePort } from '../../../test/redis-server.ts';
import { metricsRegistry } from '../metrics.ts';

const IG = 'https://www.instagram.com';
/** A private post's shortcode: the post's own code and 28 more characters (yt-dlp 480125560a). */
const LONG_CODE = `DAbCdEfGhIj${'x'.repeat(28)}`;

describe('second pass, logged out', () => {
  let rig: ResolveRig;
  const alone = (strategies: string, run: (r: ResolveRig) => Promise<void>) => withStrategiesAlone(rig, strategies, run);
  beforeAll(async () => {
    rig = await startResolveRig();
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.reset();
    rig.resetHealth();
  });

  it('fact 1: a stale doc id answering HTTP 400 "invalid request" / "execution error" heals through discovery', async () => {
    rig.fake.switches.enable2026('stale-400').rotateDocIds();
    await alone('graphql-web-info,polaris-media', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
      expect(res.status).toBe(200);
      expect(rig.fake.counts.get('static')).toBeGreaterThan(0);
    });
  });

  it('fact 2: an age-gated post is age_restricted (403), from the ruling asked once after every strategy came back empty', async () => {
    rig.fake.switches.set(FIXTURE.v1Image, 'age_restricted');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
    expect([res.status, res.body.error.code]).toEqual([403, 'age_restricted']);
    expect(rig.fake.counts.get('ruling', FIXTURE.v1Image)).toBe(1);
    // A post that resolves never costs a ruling.
    expect((await rig.resolve(`${IG}/p/${FIXTURE.image}/`)).status).toBe(200);
    expect(rig.fake.counts.get('ruling')).toBe(1);
  });

  it('fact 3: a long shortcode whose answers are all empty is private (403), not deleted', async () => {
    rig.fake.switches.enable2026('private-long-code');
    const res = await rig.resolve(`${IG}/p/${LONG_CODE}/`);
    expect([res.status, res.body.error.code]).toEqual([403, 'private']);
  });

  it('fact 4 (the other half): a post page answering 404 with no wall anywhere is still deleted (404), and remembered', async () => {
    const res = await rig.resolve(`${IG}/p/NoSuchPost29/`);
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    const asked = rig.fake.counts.total();
    expect(asked).toBeLessThanOrEqual(4);
    // The verdict is remembered by post id: the same post again costs Instagram nothing.
    const again = await rig.resolve(`${IG}/reel/NoSuchPost29/`);
    expect([again.status, again.body.error.code]).toEqual([404, 'not_found']);
    expect(rig.fake.counts.total()).toBe(asked);
  });

  it('fact 5: a GraphQL error saying "logged out" is a login wall (403) and starts no discovery', async () => {
    rig.fake.switches.enable2026('graphql-logged-out');
    await alone('graphql-web-info,polaris-media', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
      expect([res.status, res.body.error.code]).toEqual([403, 'login_required']);
      expect(rig.fake.counts.get('static')).toBe(0);
    });
  });

  it('fact 6: the whole cookie jar of / goes back with every request, merged with each answer’s Set-Cookie', async () => {
    rig.fake.switches.enable2026('cookie-jar');
    await alone('polaris-media', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
      expect(res.status).toBe(200);
      const cookie = String(rig.fake.counts.headersOf('polaris-media')!.cookie);
      for (const name of ['csrftoken=', 'mid=', 'ig_did=', 'datr=']) expect(cookie).toContain(name);
    });
  });

  it('fact 7: the post page’s older web_info items, Polaris outside the stream cache, and /reel/ for reel links only', async () => {
    await alone('permalink', async (r) => {
      rig.fake.switches.enable2026('page-web-info');
      expect((await r.resolve(`${IG}/p/${FIXTURE.v1Image}/`)).status).toBe(200);
      rig.fake.reset();
      rig.fake.switches.enable2026('page-polaris-anywhere');
      expect((await r.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`)).status).toBe(200);
      rig.fake.reset();
      rig.fake.switches.enable2026('reel-page-only');
      const reel = await r.resolve(`${IG}/reel/${FIXTURE.v1Reel}/`);
      expect(reel.status).toBe(200);
      expect(rig.fake.counts.get('post-page', FIXTURE.v1Reel)).toBe(2);
      // A /p/ link is not tried as /reel/ (budget): one page, then the verdict.
      await r.resolve(`${IG}/p/${FIXTURE.dashReel}/`);
      expect(rig.fake.counts.get('post-page', FIXTURE.dashReel)).toBe(1);
    });
  });

  it('fact 8: Polaris images as display_uri with original_width/original_height', async () => {
    rig.fake.switches.enable2026('polaris-display-uri');
    await alone('polaris-media', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toMatchObject({ type: 'image' });
      expect(res.body.items[0].width).toBeGreaterThan(0);
    });
  });

  it('fact 9: an embed carousel whose videos lack video_url is not cut short: the next strategy is asked', async () => {
    const whole = (await rig.resolve(`${IG}/p/${FIXTURE.carousel}/`)).body.items.length as number;
    rig.fake.reset();
    rig.fake.switches.enable2026('embed-no-video-url');
    await alone('embed,permalink', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.carousel}/`);
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(whole);
      expect(rig.fake.counts.get('post-page', FIXTURE.carousel)).toBe(1);
    });
  });

  it('a home page carrying the LSD token only in its __eqmc script still gives Polaris its token', async () => {
    rig.fake.switches.enable2026('lsd-eqmc-only');
    rig.fake.rotateTokens();
    await alone('polaris-media', async (r) => {
      expect((await r.resolve(`${IG}/p/${FIXTURE.v1Reel}/`)).status).toBe(200);
      expect(rig.fake.counts.headersOf('polaris-media')!['x-fb-lsd']).toBeTruthy();
    });
  });

  it('a hit costs at most one Instagram request besides the tokens', async () => {
    const before = rig.fake.counts.total();
    for (const code of [FIXTURE.image, FIXTURE.reel, FIXTURE.v1Carousel, FIXTURE.dashReel]) expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
    expect((rig.fake.counts.total() - before) / 4).toBeLessThanOrEqual(1.5);
  });
});

describe('second pass, with a session', () => {
  const SESSION = 'sess-2026-second';
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: SESSION } });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.reset();
    rig.resetHealth();
  });

  it('fact 2: an age-gated post the session can see resolves through media info, and the ruling is not asked', async () => {
    rig.fake.switches.set(FIXTURE.v1Reel, 'age_restricted');
    const res = await rig.resolve(`${IG}/reel/${FIXTURE.v1Reel}/`);
    expect(res.status).toBe(200);
    expect(rig.fake.counts.get('ruling')).toBe(0);
  });

  it('fact 4: the session’s media info answering 404 does not outrank a login wall, and the session stays live', async () => {
    rig.fake.switches.enable2026('media-info-refused-404').set(FIXTURE.image, 'login_redirect');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
    expect([res.status, res.body.error.code]).toEqual([403, 'login_required']);
    const ready = (await readinessDetail(rig.app.app)) as { egress: { sessions: { live: string[] } } };
    expect(ready.egress.sessions.live).toHaveLength(1);
  });
});

describe('second pass, sessions follow their proxy', () => {
  it('a session whose proxy cools down is skipped: stories keep resolving through the other session', async () => {
    const live = await startHttpProxy();
    const dead = `http://127.0.0.1:${await freePort()}`;
    const rig = await startResolveRig({ env: { IG_PROXY: `${dead},${live.url}`, IG_SESSIONID: 'sess-on-dead,sess-on-live' } });
    try {
      const statuses: number[] = [];
      // Distinct targets: a cached answer would prove nothing.
      for (const item of [FIXTURE.storyItemId, undefined]) {
        statuses.push((await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/${item ?? ''}`)).status);
      }
      statuses.push((await rig.resolve(`${IG}/stories/highlights/${FIXTURE.highlightId}/`)).status);
      // The first lookup may meet the dead proxy before it is known to be dead; none after it may.
      expect(statuses.slice(1)).toEqual([200, 200]);
    } finally {
      await rig.close();
      await live.close();
    }
  });
});

describe('second pass, fact 10: a logged-out wall stands before one address', () => {
  it('with two egresses and one walled, every post resolves and the walled one is set aside', async () => {
    // What Instagram answers the walled address, whatever it asks: the login page (gallery-dl #1230).
    const wall = createServer((req, res) => res.writeHead(302, { location: `/accounts/login/?next=${encodeURIComponent(req.url ?? '/')}` }).end());
    await new Promise<void>((resolve) => wall.listen(0, '127.0.0.1', resolve));
    const walled = await startHttpProxy({ divertTo: `127.0.0.1:${(wall.address() as AddressInfo).port}` });
    const live = await startHttpProxy();
    const rig = await startResolveRig({ env: { IG_PROXY: `${walled.url},${live.url}` } });
    try {
      for (const code of [FIXTURE.image, FIXTURE.reel, FIXTURE.v1Carousel, FIXTURE.dashReel]) expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
      const ready = (await readinessDetail(rig.app.app)) as { egress: { egresses: { egress: string; coolingMs: number }[] } };
      const cooling = Object.fromEntries(ready.egress.egresses.map((e) => [e.egress, e.coolingMs]));
      expect(cooling[new URL(walled.url).host]).toBeGreaterThan(0);
      expect(cooling[new URL(live.url).host]).toBe(0);
      // Set aside: after the first wall, the walled address is not asked again while it cools.
      expect(walled.hosts.length).toBeLessThanOrEqual(2);
    } finally {
      await rig.close();
      await Promise.all([walled.close(), live.close()]);
      wall.closeAllConnections();
      await new Promise<void>((resolve) => wall.close(() => resolve()));
    }
  });
});

describe('second pass, one lookup’s waits', () => {
  /** Refusals of our own egress budget so far, every egress together (the registry is this process's). */
  const refusals = async () => {
    const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'gramsave_egress_total') as { values: { labels: { event?: string }; value: number }[] } | undefined;
    return (metric?.values ?? []).filter((v) => v.labels.event === 'refusal').reduce((sum, v) => sum + v.value, 0);
  };

  it('IG_EGRESS_MAX_WAIT_MS bounds the whole lookup: one refusal ends it, the next strategies do not wait again', async () => {
    // One token in the bucket (a burst of one, the next in 10 s): the token page takes it, every strategy would wait.
    const rig = await startResolveRig({ env: { IG_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: '300' } });
    try {
      // The first lookup takes the token and is admitted whole: its reservation carries it to its answer (issue 38
      // point 3), and leaves the bucket owing the rest.
      expect((await rig.resolve(`${IG}/p/NoSuchPost30/`)).status).toBe(404);
      const before = await refusals();
      const res = await rig.resolve(`${IG}/p/NoSuchPost31/`);
      expect([res.status, res.body.error.code, res.body.error.source]).toEqual([429, 'rate_limited', 'instance']);
      expect((await refusals()) - before).toBe(1);
    } finally {
      await rig.close();
    }
  });
});
