/**
 * Issue 22, end to end: the real app against a fake Instagram answering the June-2026 way (switches.ts FACTS_2026).
 * Each case failed before the change: a retired query's null hid walls and throttles behind "not found", throttling
 * started doc-id discovery, a redirect to `/` was "changed", and so on.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, POST_ENDPOINTS } from '../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { WWW_CLAIM } from '../../../test/fake-instagram/web.ts';
import { shortcodeToPk } from '../../shared/shortcode.ts';
import { readinessDetail } from '../../../test/readiness.ts';

const IG = 'https://www.instagram.com';
/** The chain as it was before June 2026, retired query first: what the fixes must cope with. */
const OLD_CHAIN = 'graphql-shortcode,graphql-web-info,polaris-media,permalink,embed';

describe('2026 Instagram, logged out', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_STRATEGIES: OLD_CHAIN } });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.reset();
    rig.resetHealth();
  });

  it.each([
    ['login_redirect', 403, 'login_required'],
    ['challenge_redirect', 403, 'login_required'],
    ['home_redirect', 403, 'login_required'],
    ['rate_limited', 429, 'rate_limited'],
    ['throttle_200', 429, 'rate_limited'],
    ['feedback_required', 429, 'rate_limited'],
  ] as const)("a public post behind %s is not 'not found' although the retired query answers null: %i %s", async (fault, status, code) => {
    rig.fake.switches.enable2026();
    rig.fake.switches.set(FIXTURE.image, fault);
    const res = await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect(rig.fake.counts.get('graphql-shortcode', FIXTURE.image)).toBe(1);
    // Throttling and walls never start a doc-id discovery pass.
    expect(rig.fake.counts.get('static')).toBe(0);
  });

  it('throttles on several strategies: the longest Retry-After wins', async () => {
    rig.fake.switches.enable2026().set(FIXTURE.image, 'rate_limited').break('post-page', { rateLimitedUntil: Date.now() + 600_000 });
    const res = await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(590);
  });

  it('a post that is null everywhere stays 404 (the pure case)', async () => {
    const pure = await startResolveRig({ env: { IG_STRATEGIES: 'graphql-shortcode,graphql-web-info' }, fake: rig.fake });
    try {
      rig.fake.switches.enable2026();
      const res = await pure.resolve(`${IG}/p/NoSuchPost1/`);
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    } finally {
      await pure.close();
    }
  });

  it('the retired query demotes itself within three posts, and then is not asked', async () => {
    rig.fake.switches.enable2026();
    for (const code of [FIXTURE.image, FIXTURE.reel, FIXTURE.carousel]) expect((await rig.resolve(`${IG}/p/${code}/`)).status).toBe(200);
    const ready = (await readinessDetail(rig.app.app)) as { strategies: Record<string, { demoted: boolean; failingPosts: number }> };
    expect(ready.strategies['graphql-shortcode']).toMatchObject({ demoted: true, failingPosts: 3 });
    expect((await rig.resolve(`${IG}/p/${FIXTURE.igtv}/`)).status).toBe(200);
    expect(rig.fake.counts.get('graphql-shortcode', FIXTURE.igtv)).toBe(0);
  });

  it('Polaris HTML → the post page’s data-sjs answer (permalink)', async () => {
    rig.fake.switches.enable2026().break('graphql-web-info');
    const res = await rig.resolve(`${IG}/reel/${FIXTURE.reel2025}/`);
    expect(res.status).toBe(200);
    expect(res.body.caption).toContain('✨');
    expect(rig.fake.counts.get('post-page', FIXTURE.reel2025)).toBe(1);
  });

  it('Polaris gets the 2026 request shape: the post as Referer, X-ASBD-ID 359341, LSD and the CSRF token granted', async () => {
    rig.fake.switches.enable2026('shortcode-retired').break('graphql-web-info');
    expect((await rig.resolve(`${IG}/reel/${FIXTURE.v1Reel}/`)).status).toBe(200);
    const headers = rig.fake.counts.headersOf('polaris-media')!;
    expect(headers.referer).toBe(`${IG}/reel/${FIXTURE.v1Reel}/`);
    expect(headers['x-asbd-id']).toBe('359341');
    expect(headers['x-fb-friendly-name']).toBe('PolarisLoggedOutDesktopWWWPostRootContentQuery');
    expect(headers['x-fb-lsd']).toBeTruthy();
    expect(headers['x-csrftoken']).toBeTruthy();
  });

  it('a csrftoken only in the page is found there, and web-info answers', async () => {
    rig.fake.switches.enable2026('csrf-in-page', 'shortcode-retired');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`);
    expect(res.status).toBe(200);
    expect(rig.fake.counts.headersOf('graphql-web-info')!['x-csrftoken']).toMatch(/^[0-9a-f]{32}$/);
    expect(rig.fake.counts.get('polaris-media', FIXTURE.v1Carousel)).toBe(0);
  });

  it('no csrftoken anywhere: the queries that need none go on (Polaris), web-info is not sent', async () => {
    rig.fake.switches.enable2026('no-csrf', 'shortcode-retired');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.fullCarousels[0]}/`);
    expect(res.status).toBe(200);
    // At most the one request sent with tokens cached before Instagram stopped granting a CSRF token.
    expect(rig.fake.counts.get('graphql-web-info', FIXTURE.fullCarousels[0])).toBeLessThanOrEqual(1);
    expect(rig.fake.counts.get('polaris-media', FIXTURE.fullCarousels[0])).toBe(1);
    expect(rig.fake.counts.headersOf('polaris-media')!['x-csrftoken']).toBeUndefined();
  });

  it('X-IG-WWW-Claim follows x-ig-set-www-claim', async () => {
    rig.fake.switches.enable2026('www-claim', 'shortcode-retired').break('graphql-web-info');
    await rig.resolve(`${IG}/p/${FIXTURE.dashReel}/`);
    await rig.resolve(`${IG}/p/${FIXTURE.fullCarousels[1]}/`);
    expect(rig.fake.counts.headersOf('polaris-media')!['x-ig-www-claim']).toBe(WWW_CLAIM);
  });

  it('a share link sent to the home page is a login wall (403), not a link that leads nowhere (400)', async () => {
    rig.fake.switches.set(FIXTURE.shareToPost, 'home_redirect');
    const res = await rig.resolve(`${IG}/share/p/${FIXTURE.shareToPost}/`);
    expect([res.status, res.body.error.code]).toEqual([403, 'login_required']);
  });

  it('the app’s own link instagram://media?id=<pk>, and a profile’s /posts/ tab', async () => {
    const app = await rig.resolve(`instagram://media?id=${shortcodeToPk(FIXTURE.image)}`);
    expect([app.status, app.body.shortcode]).toEqual([200, FIXTURE.image]);
    const tab = await rig.resolve(`${IG}/${FIXTURE.profileFromSample}/posts/`, 'profile');
    expect([tab.status, tab.body.kind]).toEqual([200, 'profile']);
  });

  it('web_profile_info broken for a live business account (400 "Asset … deleted"): topsearch, then the profile page', async () => {
    rig.fake.switches.enable2026('profile-info-broken');
    const viaSearch = await rig.resolve(`${IG}/${FIXTURE.businessProfile}/`);
    expect([viaSearch.status, viaSearch.body.author.username]).toEqual([200, FIXTURE.businessProfile]);
    expect(rig.fake.counts.get('topsearch', FIXTURE.businessProfile)).toBe(1);
    rig.fake.switches.break('topsearch');
    const viaPage = await rig.resolve(`${IG}/${FIXTURE.profile}/`);
    expect(viaPage.status).toBe(200);
    expect(viaPage.body.items[0].mediaUrl).toMatch(/^\/api\/v1\/media\//);
    expect(rig.fake.counts.get('profile-page', FIXTURE.profile)).toBe(1);
  });

  it('a user who does not exist is still 404', async () => {
    rig.fake.switches.enable2026('profile-info-broken');
    const res = await rig.resolve(`${IG}/no.such.user.2026/`);
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('2026 Instagram, a stale doc id', () => {
  it('whose errors answer says "status":"fail" heals through discovery', async () => {
    const rig = await startResolveRig({ env: { IG_STRATEGIES: OLD_CHAIN } });
    try {
      rig.fake.switches.enable2026('stale-status-fail').rotateDocIds();
      const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
      expect(res.status).toBe(200);
      expect(rig.fake.counts.get('static')).toBeGreaterThan(0);
      expect(rig.fake.counts.get('unknown')).toBeGreaterThan(0);
    } finally {
      await rig.close();
    }
  });
});

describe('2026 Instagram, with a session', () => {
  const SESSION = 'sess-2026-one';
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: SESSION }, captureLogs: 'warn' });
  });
  afterAll(() => rig?.close());

  it('stories find their user through topsearch when web_profile_info is throttled', async () => {
    rig.fake.switches.enable2026('profile-info-broken');
    const res = await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(6);
    rig.fake.reset();
  });

  it('a session Instagram sends to the home page is set aside: said once in the log, named by hash in /readyz, never in full', async () => {
    for (const endpoint of POST_ENDPOINTS) if (endpoint !== 'media-info') rig.fake.switches.break(endpoint);
    rig.fake.switches.expiredSessions.add(SESSION);
    const res = await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
    // The only strategy that could read the post was walled off: a login wall, truthfully.
    expect([res.status, res.body.error.code]).toEqual([403, 'login_required']);
    const hash = createHash('sha256').update(SESSION).digest('hex').slice(0, 8);
    const ready = (await readinessDetail(rig.app.app)) as { egress: { sessions: Record<string, unknown> } };
    expect(ready.egress.sessions).toMatchObject({ configured: 1, live: [], expired: [{ session: hash, reason: 'redirected to /' }] });
    expect(JSON.stringify(ready)).not.toContain(SESSION);
    const warnings = rig.app.logs.filter((l) => l.includes('session expired'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(hash);
    expect(rig.app.logs.join('\n')).not.toContain(SESSION);
    // From then on lookups go on logged out: the walled session is not sent again.
    await rig.resolve(`${IG}/p/${FIXTURE.reel}/`);
    expect(rig.fake.counts.get('home-redirect-session')).toBe(1);
    const stories = await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/${FIXTURE.storyItemId}/`);
    expect([stories.status, stories.body.error.code]).toEqual([403, 'login_required']);
  });
});
