/**
 * GET /api/v1/users/{username} and its pages on the real app against the fake Instagram: every section, every
 * `unavailable` reason, the request budget counted from the fake's own log, and feed posts left in the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, PROFILE_FIXTURE, feedCode } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const USER = PROFILE_FIXTURE.user;

async function getJson(rig: ResolveRig, path: string): Promise<{ status: number; headers: Headers; body: Json }> {
  const res = await fetch(rig.app.base + path);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

describe('with a live session', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' } });
  });
  afterAll(() => rig?.close());

  it('a cold view gives picture, current stories, two albums and the first posts within 6 Instagram requests; a second costs none', async () => {
    rig.fake.counts.reset();
    const { status, headers, body } = await getJson(rig, `/api/v1/users/@${USER.toUpperCase()}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(rig.fake.counts.times.length).toBeLessThanOrEqual(6);
    expect(rig.fake.counts.get('users-info')).toBe(1);
    expect(body.user).toMatchObject({ username: USER, private: false });
    // Issue 37 point 8: the bio and counts web_profile_info states, and each post's date and caption.
    expect(body.user.about).toEqual(PROFILE_FIXTURE.about);
    expect(body.posts.items[0].caption).toMatch(/#OldTrafford/);
    expect(Date.parse(body.posts.items[0].takenAt)).toBeLessThan(Date.now());
    expect(body.user.picture.downloadUrl).toMatch(/^\/api\/v1\/media\//);
    expect(body.stories.items).toHaveLength(6);
    for (const item of body.stories.items) {
      expect(item.mediaUrl).toMatch(/^\/api\/v1\/media\//);
      expect(Date.parse(item.expiresAt)).toBeGreaterThan(Date.now());
    }
    expect(body.highlights.albums).toEqual(
      PROFILE_FIXTURE.highlights.map((h) => ({ id: h.id, title: h.title, count: 3, cover: expect.stringMatching(/^\/api\/v1\/media\//) })),
    );
    expect(body.posts.items.map((p: Json) => p.code)).toEqual(Array.from({ length: 12 }, (_, i) => feedCode(i)));
    expect(body.posts.items.map((p: Json) => p.type).slice(0, 3)).toEqual(['image', 'carousel', 'video']);
    expect(body.posts.items[0].thumbnail).toMatch(/^\/api\/v1\/media\//);
    // The viewer's file (issue 37 point 8): a photo shown, a reel played, each a signed inline link.
    expect(body.posts.items.slice(0, 3).map((p: Json) => p.media.type)).toEqual(['image', 'image', 'video']);
    for (const post of body.posts.items) expect(post.media.url).toMatch(/^\/api\/v1\/media\//);
    // A carousel's every file, each with its own signed links, for the viewer to show and save one by one; a single file's post carries none.
    const carousel = body.posts.items[1];
    expect(carousel.files.map((f: Json) => f.type)).toEqual(['image', 'video', 'video', 'video']);
    expect(carousel.files[0].url).toBe(carousel.media.url);
    for (const file of carousel.files) for (const link of [file.url, file.poster, file.downloadUrl]) expect(link).toMatch(/^\/api\/v1\/media\//);
    expect(new Set(carousel.files.map((f: Json) => f.filename)).size).toBe(4);
    expect(body.posts.items[0].files).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(rig.fake.cdnOrigin);
    expect(typeof body.posts.next).toBe('string');

    const before = rig.fake.counts.times.length;
    expect((await getJson(rig, `/api/v1/users/${USER}`)).status).toBe(200);
    expect(rig.fake.counts.times.length - before).toBeLessThanOrEqual(1);
  });

  it("with 2026's throttled web_profile_info (topsearch finds the user) a cold view still costs at most 6 requests", async () => {
    rig.fake.switches.enable2026('profile-info-broken');
    rig.fake.counts.reset();
    try {
      const { status, body } = await getJson(rig, `/api/v1/users/${FIXTURE.profileFromSample}`);
      expect(status).toBe(200);
      expect(body.posts).toEqual({ items: [], next: null });
      expect(rig.fake.counts.get('topsearch')).toBe(1);
      // topsearch states no bio or counts: none is made up.
      expect(body.user.about).toBeUndefined();
      expect(rig.fake.counts.times.length).toBeLessThanOrEqual(6);
    } finally {
      rig.fake.switches.reset();
    }
  });

  it("after the profile tool's picture lookup, the view reuses that picture: no second users/info", async () => {
    expect((await rig.resolve(FIXTURE.businessProfile, 'profile')).status).toBe(200);
    rig.fake.counts.reset();
    const { status, body } = await getJson(rig, `/api/v1/users/${FIXTURE.businessProfile}`);
    expect(status).toBe(200);
    expect(body.user.picture.mediaUrl).toMatch(/^\/api\/v1\/media\//);
    expect(rig.fake.counts.get('users-info')).toBe(0);
    expect(rig.fake.counts.times.length).toBeLessThanOrEqual(4);
  });

  it('a post the feed gave is looked up without asking Instagram', async () => {
    await getJson(rig, `/api/v1/users/${USER}`);
    const before = rig.fake.counts.times.length;
    const post = await rig.resolve(`https://www.instagram.com/p/${feedCode(1)}/`);
    expect(post.status).toBe(200);
    expect(post.body.shortcode).toBe(feedCode(1));
    expect(post.body.items.length).toBeGreaterThan(1);
    expect(rig.fake.counts.times.length).toBe(before);
  });

  it('pages every post by `next` until null, and refuses a cursor that is not ours', async () => {
    const first = await getJson(rig, `/api/v1/users/${USER}`);
    const codes: string[] = first.body.posts.items.map((p: Json) => p.code);
    let next: string | null = first.body.posts.next;
    while (next) {
      const page = await getJson(rig, `/api/v1/users/${USER}/posts?after=${encodeURIComponent(next)}`);
      expect(page.status).toBe(200);
      codes.push(...page.body.items.map((p: Json) => p.code));
      next = page.body.next;
    }
    expect(codes).toEqual(Array.from({ length: PROFILE_FIXTURE.postCount }, (_, i) => feedCode(i)));
    const bad = await getJson(rig, `/api/v1/users/${USER}/posts?after=${encodeURIComponent('x"y')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad_request');
  });

  it("opens an album to its items, and says not_found for another user's or a malformed id", async () => {
    const [album] = PROFILE_FIXTURE.highlights;
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}/highlights/${album.id}`);
    expect(status).toBe(200);
    expect(body.title).toBe(album.title);
    expect(body.items).toHaveLength(3);
    expect((await getJson(rig, `/api/v1/users/${USER}/highlights/123`)).body.error.code).toBe('not_found');
    expect((await getJson(rig, `/api/v1/users/${USER}/highlights/abc`)).status).toBe(400);
  });

  it('a private account: the picture, and every section unavailable as private without asking for it', async () => {
    rig.fake.counts.reset();
    const { status, body } = await getJson(rig, `/api/v1/users/${PROFILE_FIXTURE.privateUser}`);
    expect(status).toBe(200);
    expect(body.user.private).toBe(true);
    expect(body.stories).toEqual({ unavailable: 'private' });
    expect(body.highlights).toEqual({ unavailable: 'private' });
    expect(body.posts).toEqual({ unavailable: 'private' });
    expect(rig.fake.counts.get('feed-user') + rig.fake.counts.get('highlights-tray') + rig.fake.counts.get('reels-media')).toBe(0);
  });

  it('a throttled section is rate_limited with retryAfter; the others still answer', async () => {
    rig.fake.switches.break('feed-user', { rateLimitedUntil: Date.now() + 90_000 });
    try {
      const { status, body } = await getJson(rig, `/api/v1/users/${FIXTURE.profile}`);
      expect(status).toBe(200);
      expect(body.posts.unavailable).toBe('rate_limited');
      expect(body.posts.retryAfter).toBeGreaterThan(60);
      expect(body.highlights).toEqual({ albums: [] });
      expect(body.stories).toEqual({ items: [] });
    } finally {
      rig.fake.switches.reset();
    }
  });

  it('an unknown user is 404, a malformed name 400, a throttled user lookup 429 for the whole answer', async () => {
    expect((await getJson(rig, '/api/v1/users/no.such.user.here')).body.error.code).toBe('not_found');
    const bad = await getJson(rig, '/api/v1/users/not%20a%20name');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_url']);
    for (const way of ['web-profile-info', 'topsearch', 'profile-page'] as const) rig.fake.switches.break(way, { rateLimitedUntil: Date.now() + 30_000 });
    try {
      const throttled = await getJson(rig, '/api/v1/users/realmadrid');
      expect([throttled.status, throttled.body.error.code]).toEqual([429, 'rate_limited']);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      rig.fake.switches.reset();
    }
  });

  it("the captured web_profile_info's bio and post count, and no follower counts where the answer has none", async () => {
    // A private account's too: Instagram shows its bio and counts (the fake serves the captured answer for it).
    const { status, body } = await getJson(rig, `/api/v1/users/${PROFILE_FIXTURE.privateUser}`);
    expect(status).toBe(200);
    expect(body.user.about).toEqual({ biography: '¿A dónde vas? Afuera no hay más que incomprensión', posts: 24 });
  });
});

describe('without a live session', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'soon-expired' } });
  });
  afterAll(() => rig?.close());

  it('an expired session: the picture, stories and highlights login_required, posts by the logged-out paths (issue 36); then no session path is asked', async () => {
    rig.fake.switches.expiredSessions.add('soon-expired');
    const first = await getJson(rig, `/api/v1/users/${USER}`);
    expect(first.status).toBe(200);
    expect(first.body.user.picture.mediaUrl).toMatch(/^\/api\/v1\/media\//);
    for (const section of ['stories', 'highlights']) expect(first.body[section]).toEqual({ unavailable: 'login_required' });
    expect(first.body.posts.items.map((p: Json) => p.code)).toEqual(Array.from({ length: 12 }, (_, i) => feedCode(i)));
    rig.fake.counts.reset();
    const second = await getJson(rig, '/api/v1/users/realmadrid');
    for (const section of ['stories', 'highlights']) expect(second.body[section]).toEqual({ unavailable: 'login_required' });
    expect(second.body.posts.unavailable).toBeUndefined();
    expect(rig.fake.counts.get('feed-user') + rig.fake.counts.get('highlights-tray') + rig.fake.counts.get('reels-media')).toBe(0);
    expect((await getJson(rig, `/api/v1/users/${USER}/posts?after=abc`)).body.error.code).toBe('bad_request');
  });
});
