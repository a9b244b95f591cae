/**
 * Issue 36, the post side, end to end: the real app against a fake Instagram answering as the peers saw it from
 * July to September 2026 (test/fake-instagram/facts-posts.ts, docs/instagram.md "The third pass, posts"). Each
 * case failed before its change.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../test/fake-instagram/index.ts';
import { COLLAB_COAUTHORS } from '../../../test/fake-instagram/fixtures.ts';
import { startResolveRig, withStrategiesAlone, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { readinessDetail } from '../../../test/readiness.ts';

const IG = 'https://www.instagram.com';

describe('third pass, posts, logged out', () => {
  let rig: ResolveRig;
  const alone = (strategies: string, run: (r: ResolveRig) => Promise<void>) => withStrategiesAlone(rig, strategies, run);
  beforeAll(async () => {
    rig = await startResolveRig();
  });
  afterAll(() => rig?.close());
  // Each case asks for a post of its own: an answer already cached would prove nothing.
  afterEach(() => {
    rig.fake.reset();
    rig.resetHealth();
  });

  it('fact 1: "execution error" 4630001 on a live post goes to the next strategy and starts no discovery', async () => {
    rig.fake.switches.enable2026('execution-error');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
    expect(res.status).toBe(200);
    expect(rig.fake.counts.get('post-page', FIXTURE.v1Image)).toBe(1);
    expect(rig.fake.counts.get('static')).toBe(0);
  });

  it('fact 1: on its own it never decides not_found: Instagram is unavailable, try again', async () => {
    rig.fake.switches.enable2026('execution-error');
    await alone('graphql-web-info,polaris-media', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
      expect([res.status, res.body.error.code]).toEqual([502, 'upstream_unavailable']);
      expect(rig.fake.counts.get('static')).toBe(0);
      expect(rig.fake.counts.get('ruling')).toBe(0);
    });
  });

  it('fact 8: a post gated by region or audience is restricted (403), told by the oEmbed, in at most 6 requests', async () => {
    rig.fake.switches.set(FIXTURE.reel2025, 'region_restricted');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.reel2025}/`);
    expect([res.status, res.body.error.code]).toEqual([403, 'restricted']);
    expect(rig.fake.counts.get('oembed', FIXTURE.reel2025)).toBe(1);
    expect(rig.fake.counts.total()).toBeLessThanOrEqual(6);
    // Remembered like the other verdicts on a post: asked again, Instagram is not.
    const asked = rig.fake.counts.total();
    expect((await rig.resolve(`${IG}/reel/${FIXTURE.reel2025}/`)).body.error.code).toBe('restricted');
    expect(rig.fake.counts.total()).toBe(asked);
  });

  it('fact 8: age_restricted stays where the ruling says age, and the oEmbed is not asked', async () => {
    rig.fake.switches.set(FIXTURE.v1Reel, 'age_restricted');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Reel}/`);
    expect([res.status, res.body.error.code]).toEqual([403, 'age_restricted']);
    expect(rig.fake.counts.get('oembed')).toBe(0);
  });

  it('fact 8: a live post every way answers empty for is not "deleted" when the oEmbed knows it', async () => {
    rig.fake.switches.break('graphql-web-info', 'null_media');
    await alone('graphql-web-info', async (r) => {
      const res = await r.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`);
      expect([res.status, res.body.error.code]).toEqual([403, 'login_required']);
    });
  });

  it('a cold miss still costs at most 4 requests and never asks the oEmbed', async () => {
    const res = await rig.resolve(`${IG}/p/NoSuchPost36/`);
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    expect(rig.fake.counts.total()).toBeLessThanOrEqual(4);
    expect(rig.fake.counts.get('oembed')).toBe(0);
  });

  it('fact 9: a collab post names its co-authors, in both media shapes; the owner stays the author and names the files', async () => {
    const owner = (rig.fake.fixtures.posts.get(FIXTURE.collab)!.v1 as { user: { username: string } }).user.username;
    for (const strategies of ['graphql-web-info', 'graphql-shortcode', 'embed']) {
      await alone(strategies, async (r) => {
        const res = await r.resolve(`${IG}/p/${FIXTURE.collab}/`);
        expect(res.status).toBe(200);
        expect(res.body.author.username).toBe(owner);
        expect(res.body.author.coauthors).toEqual(COLLAB_COAUTHORS.map((username) => ({ username })));
        for (const item of res.body.items) for (const name of [item.filename, ...item.qualities.map((q: { filename: string }) => q.filename)]) expect(name.startsWith(`${owner}-`)).toBe(true);
      });
    }
    // A post without co-authors says nothing of them.
    expect((await rig.resolve(`${IG}/p/${FIXTURE.carousel}/`)).body.author.coauthors).toBeUndefined();
  });

  it('fact 10: with the post page walled, discovery reads / and a rotation heals within 10 requests, bundles included', async () => {
    rig.fake.switches.enable2026('stale-400').rotateDocIds();
    rig.fake.switches.break('post-page', 'login_redirect').break('embed', 'login_redirect');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.igtv}/`);
    expect(res.status).toBe(200);
    expect(rig.fake.counts.get('static')).toBeGreaterThan(0);
    // Everything asked of Instagram, the token page and the bundles included.
    expect(rig.fake.counts.total() + rig.fake.counts.get('home')).toBeLessThanOrEqual(10);
  });
});

describe('third pass, posts, fact 11: request shapes are variants with their own health', () => {
  it('where Instagram wants the bare shape, the page-tokens shape demotes itself and the query heals with no deploy and no extra request', async () => {
    const rig = await startResolveRig({ env: { IG_STRATEGIES: 'graphql-web-info,permalink' }, timeouts: { healthProbeMs: 1000 } });
    try {
      rig.fake.switches.enable2026('bare-shape');
      // Three posts: the page-tokens query gets the login shell (one request each, nothing sent twice), the page
      // carries the lookup.
      for (const code of [FIXTURE.image, FIXTURE.reel, FIXTURE.carousel]) {
        expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
        expect(rig.fake.counts.get('graphql-web-info', code)).toBe(1);
        expect(rig.fake.counts.headersOf('graphql-web-info')!['user-agent']).toContain('Chrome/');
      }
      const shapes = () => (rig.app.app.resolver.status().strategies['graphql-web-info'] as { shapes: Record<string, { demoted: boolean }> }).shapes;
      expect(shapes()['page-tokens']!.demoted).toBe(true);
      // The strategy's probe a moment later: the query goes out bare and answers; the page is not needed.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const healed = await rig.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`);
      expect(healed.status).toBe(200);
      expect(rig.fake.counts.get('graphql-web-info', FIXTURE.v1Carousel)).toBe(1);
      expect(rig.fake.counts.get('post-page', FIXTURE.v1Carousel)).toBe(0);
      const bare = rig.fake.counts.headersOf('graphql-web-info')!;
      expect([bare['user-agent'], bare.cookie, bare['x-ig-app-id']]).toEqual(['Mozilla/5.0', undefined, undefined]);
      // From then on it leads: the next post costs one request, no token page.
      const home = rig.fake.counts.get('home');
      expect((await rig.resolve(`${IG}/p/${FIXTURE.v1Reel}/`)).status).toBe(200);
      expect(rig.fake.counts.get('post-page', FIXTURE.v1Reel)).toBe(0);
      expect(rig.fake.counts.get('home')).toBe(home);
      expect(shapes().bare!.demoted).toBe(false);
    } finally {
      await rig.close();
    }
  });

  it('where Instagram wants the page tokens (the fake by default), the bare shape is never sent', async () => {
    const rig = await startResolveRig({ env: { IG_STRATEGIES: 'graphql-web-info,polaris-media' } });
    try {
      for (const code of [FIXTURE.image, FIXTURE.v1Image, FIXTURE.reel, FIXTURE.v1Reel]) expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
      expect(rig.fake.counts.headersOf('graphql-web-info')!['user-agent']).toContain('Chrome/');
      expect(rig.fake.counts.get('graphql-web-info')).toBe(4);
    } finally {
      await rig.close();
    }
  });
});

describe('third pass, posts, with a session', () => {
  const SESSION = 'sess-2026-posts';
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: SESSION } });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.reset();
    rig.resetHealth();
  });

  it('fact 2: a session sent to /auth_platform/ (a checkpoint) is set aside: three lookups send it once', async () => {
    rig.fake.switches.enable2026('session-checkpoint');
    for (const code of [FIXTURE.v1Image, FIXTURE.v1Reel, FIXTURE.v1Carousel]) rig.fake.switches.set(code, 'age_restricted');
    for (const code of [FIXTURE.v1Image, FIXTURE.v1Reel, FIXTURE.v1Carousel]) {
      const res = await rig.resolve(`${IG}/p/${code}/`);
      expect(res.status).toBe(403);
    }
    expect(rig.fake.counts.get('session-checkpoint')).toBe(1);
    const ready = (await readinessDetail(rig.app.app)) as { egress: { sessions: { live: string[]; expired: { reason: string }[] } } };
    expect(ready.egress.sessions.live).toHaveLength(0);
    expect(ready.egress.sessions.expired[0]!.reason).toContain('/auth_platform/');
  });
});
