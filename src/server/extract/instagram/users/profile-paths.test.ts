/**
 * Issue 36 on the real app against the fake Instagram: the profile view survives its feed (with and without a
 * session), stories and highlight albums survive reels_media's 500s, `feedback_required` is a throttle, the largest
 * logged-out picture, and the new doc ids healed by discovery. Each fact is a switch of test/fake-instagram
 * (profile-paths.ts); each request budget is counted from the fake's own log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, PROFILE_FIXTURE, feedCode } from '../../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../../test/fake-instagram/rig.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const USER = PROFILE_FIXTURE.user;
const ALL_CODES = Array.from({ length: PROFILE_FIXTURE.postCount }, (_, i) => feedCode(i));

async function getJson(rig: ResolveRig, path: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(rig.app.base + path);
  return { status: res.status, body: (await res.json()) as Json };
}

/** Every post of the profile by `next` until null, the first page from the view. */
async function allPosts(rig: ResolveRig, first: Json): Promise<string[]> {
  const codes: string[] = first.items.map((p: Json) => p.code);
  let next: string | null = first.next;
  while (next) {
    const page = await getJson(rig, `/api/v1/users/${USER}/posts?after=${encodeURIComponent(next)}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    codes.push(...page.body.items.map((p: Json) => p.code));
    next = page.body.next;
  }
  return codes;
}

/** Requests to Instagram itself, tokens aside (the fake counts `/` too). */
const asked = (rig: ResolveRig) => rig.fake.counts.times.length - rig.fake.counts.get('home');

/** The app's view and resolution cache is the in-memory one here: forget it, so each case is a cold view. */
function forgetViews(rig: ResolveRig): void {
  (rig.app.app.resolver.cache as unknown as { entries: Map<string, unknown> }).entries.clear();
}

describe('with a live session', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' } });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.switches.reset();
    rig.fake.counts.reset();
    forgetViews(rig);
  });

  for (const fact of ['feed-user-home-session', 'feed-user-401-session'] as const) {
    it(`${fact}: the posts come from the GraphQL timeline, every post once by paging, and the session is kept`, async () => {
      rig.fake.switches.enable2026(fact);
      const { status, body } = await getJson(rig, `/api/v1/users/${USER}`);
      expect(status).toBe(200);
      expect(body.posts.items.map((p: Json) => p.code)).toEqual(ALL_CODES.slice(0, 12));
      expect(rig.fake.counts.get('feed-user')).toBe(1);
      expect(rig.fake.counts.get('graphql-profile-posts')).toBe(1);
      // With fallbacks a cold view stays within 8 requests (tokens aside).
      expect(asked(rig)).toBeLessThanOrEqual(8);
      expect(body.stories.items).toHaveLength(6);
      expect(await allPosts(rig, body.posts)).toEqual(ALL_CODES);
      expect(rig.app.app.resolver.client.hasSession).toBe(true);
    });
  }

  it('reels_media answering 500: the stories come from the stories query; the view within 8 requests', async () => {
    rig.fake.switches.enable2026('reels-media-500');
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(status).toBe(200);
    expect(body.stories.items).toHaveLength(6);
    expect(rig.fake.counts.get('graphql-stories')).toBe(1);
    expect(body.highlights.albums).toHaveLength(2);
    expect(body.posts.items).toHaveLength(12);
    expect(asked(rig)).toBeLessThanOrEqual(8);
  });

  it('the feed walled and reels_media 500 together: every section still there within 8 requests', async () => {
    rig.fake.switches.enable2026('feed-user-home-session', 'reels-media-500');
    const { body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(body.stories.items).toHaveLength(6);
    expect(body.posts.items).toHaveLength(12);
    expect(body.highlights.albums).toHaveLength(2);
    expect(asked(rig)).toBeLessThanOrEqual(8);
  });

  it('both ways to the stories failing: stories upstream_unavailable with a retryAfter; the rest of the view stands', async () => {
    rig.fake.switches.enable2026('reels-media-500');
    rig.fake.switches.break('graphql-stories', 'server_error');
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(status).toBe(200);
    expect(body.stories.unavailable).toBe('upstream_unavailable');
    expect(body.stories.retryAfter).toBeGreaterThan(0);
    expect(body.highlights.albums).toHaveLength(2);
    expect(body.posts.items).toHaveLength(12);
  });

  it("a highlight album's 500 is 200 {unavailable: upstream_unavailable, retryAfter}; the view and the other routes stand", async () => {
    rig.fake.switches.enable2026('reels-media-500');
    const [album] = PROFILE_FIXTURE.highlights;
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}/highlights/${album.id}`);
    expect(status).toBe(200);
    expect(body.unavailable).toBe('upstream_unavailable');
    expect(body.retryAfter).toBeGreaterThan(0);
    expect((await getJson(rig, `/api/v1/users/${USER}`)).body.highlights.albums).toHaveLength(2);
    rig.fake.switches.reset();
    expect((await getJson(rig, `/api/v1/users/${USER}/highlights/${album.id}`)).body.items).toHaveLength(3);
  });

  it('feedback_required on the feed: posts rate_limited with a retryAfter, nothing more asked for them, and the session stays', async () => {
    rig.fake.switches.break('feed-user', 'feedback_required');
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(status).toBe(200);
    expect(body.posts.unavailable).toBe('rate_limited');
    expect(body.posts.retryAfter).toBeGreaterThan(0);
    expect(rig.fake.counts.get('graphql-profile-posts')).toBe(0);
    expect(rig.app.app.resolver.client.hasSession).toBe(true);
    expect(body.stories.items).toHaveLength(6);
  });
});

describe('without a session', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig();
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.switches.reset();
    rig.fake.counts.reset();
    forgetViews(rig);
  });

  it('posts are listed by the username feed, every post once by paging; stories and highlights need the session; the original picture; 3 requests', async () => {
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(status).toBe(200);
    expect(body.posts.items.map((p: Json) => p.code)).toEqual(ALL_CODES.slice(0, 12));
    expect(body.stories).toEqual({ unavailable: 'login_required' });
    expect(body.highlights).toEqual({ unavailable: 'login_required' });
    expect(rig.fake.counts.get('graphql-profile-page')).toBe(1);
    expect(body.user.picture.width).toBe(1080);
    // web_profile_info, the profile page's query and the username feed (its first page serves picture and posts).
    expect(asked(rig)).toBeLessThanOrEqual(3);
    expect(await allPosts(rig, body.posts)).toEqual(ALL_CODES);
    expect(rig.fake.counts.get('graphql-profile-posts')).toBe(0);
  });

  it('where the username feed stops paging, the anonymous timeline goes on: every post once', async () => {
    rig.fake.switches.enable2026('username-feed-first-only');
    const { body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(await allPosts(rig, body.posts)).toEqual(ALL_CODES);
    expect(rig.fake.counts.get('graphql-profile-posts')).toBe(2);
  });

  it('the username feed walled: the anonymous timeline gives the first page', async () => {
    rig.fake.switches.break('feed-username', 'login_redirect');
    const { body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(body.posts.items.map((p: Json) => p.code)).toEqual(ALL_CODES.slice(0, 12));
    expect(rig.fake.counts.get('graphql-profile-posts')).toBe(1);
  });

  it('login_required only when neither path answers (the anonymous timeline 401 throughout, instaloader #2739)', async () => {
    rig.fake.switches.enable2026('timeline-anon-401');
    rig.fake.switches.break('feed-username', 'login_redirect');
    const { status, body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(status).toBe(200);
    expect(body.posts).toEqual({ unavailable: 'login_required' });
    forgetViews(rig);
    // Past the first page, 403 on the timeline (instaloader PR #2722) and the username feed stopped: the page says so.
    rig.fake.switches.reset();
    rig.fake.switches.enable2026('username-feed-first-only', 'timeline-anon-past-first-403');
    const first = await getJson(rig, `/api/v1/users/${USER}`);
    expect(first.body.posts.items).toHaveLength(12);
    const second = await getJson(rig, `/api/v1/users/${USER}/posts?after=${encodeURIComponent(first.body.posts.next)}`);
    expect([second.status, second.body.error.code]).toEqual([403, 'login_required']);
  });

  it('feedback_required on the username feed: posts rate_limited with a retryAfter', async () => {
    rig.fake.switches.break('feed-username', 'feedback_required');
    const { body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(body.posts.unavailable).toBe('rate_limited');
    expect(body.posts.retryAfter).toBeGreaterThan(0);
  });

  it('the largest picture: the original, else the username feed 1080, else web_profile_info 320; in the view and the profile tool', async () => {
    const tool = await rig.resolve(`https://www.instagram.com/${FIXTURE.profile}/`, 'profile');
    expect(tool.status).toBe(200);
    expect(tool.body.items[0].width).toBe(1080);
    expect(rig.fake.counts.get('graphql-profile-page')).toBe(1);
    expect(rig.fake.counts.get('feed-username')).toBe(0);

    rig.fake.switches.break('graphql-profile-page', 'server_error');
    const feed = await getJson(rig, `/api/v1/users/${FIXTURE.businessProfile}`);
    expect(feed.body.user.picture.width).toBe(1080);
    expect(rig.fake.counts.get('feed-username', FIXTURE.businessProfile)).toBe(1);

    rig.fake.switches.break('feed-username', 'server_error');
    const small = await getJson(rig, `/api/v1/users/${FIXTURE.profileFromSample}`);
    expect(small.body.user.picture.width).toBe(320);
  });

  it("the profile page query's doc id refused: discovery finds it by the operation's name, and the original comes", async () => {
    rig.fake.switches.rotateDocIds();
    const { body } = await getJson(rig, `/api/v1/users/${USER}`);
    expect(body.user.picture.width).toBe(1080);
    expect(rig.app.app.resolver.docIds.get('profilePage')).toEqual({ id: rig.fake.switches.docIds.profilePage, source: 'discovered' });
    expect(rig.app.app.resolver.docIds.get('profilePosts')).toEqual({ id: rig.fake.switches.docIds.profilePosts, source: 'discovered' });
    expect(rig.app.app.resolver.docIds.get('stories')).toEqual({ id: rig.fake.switches.docIds.stories, source: 'discovered' });
  });
});
