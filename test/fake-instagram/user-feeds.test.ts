/** The fake's highlight tray and post feed: real shapes, paging by next_max_id, walls for the logged out and the private. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_ID } from './context.ts';
import { PROFILE_FIXTURE, startFakeInstagram, type FakeInstagram } from './index.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const XHR = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/151.0 Safari/537.36', 'x-ig-app-id': APP_ID };
const SESSION = { ...XHR, cookie: 'sessionid=live-one' };
let fake: FakeInstagram;

beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

const get = (path: string, headers: Record<string, string> = SESSION) => fetch(fake.webOrigin + path, { headers, redirect: 'manual' });

describe('feed/user', () => {
  it('pages 30 posts newest first by next_max_id until more_available is false', async () => {
    const codes: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await get(`/api/v1/feed/user/${PROFILE_FIXTURE.userId}/?count=12${cursor ? `&max_id=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Json;
      codes.push(...body.items.map((item: Json) => item.code));
      expect(JSON.stringify(body)).not.toMatch(/"https:\/\/[^"]*(?:cdninstagram\.com|fbcdn\.net)/);
      if (!body.more_available) {
        expect(body.next_max_id).toBeUndefined();
        break;
      }
      cursor = body.next_max_id;
    }
    expect(codes).toHaveLength(PROFILE_FIXTURE.postCount);
    expect(new Set(codes).size).toBe(PROFILE_FIXTURE.postCount);
    expect(fake.counts.get('feed-user', PROFILE_FIXTURE.user)).toBe(3);
  });

  it('walls the logged out and expired sessions off to /, and says a private account is not to be seen', async () => {
    const path = `/api/v1/feed/user/${PROFILE_FIXTURE.userId}/`;
    const loggedOut = await get(path, XHR);
    expect(loggedOut.status).toBe(302);
    expect(new URL(loggedOut.headers.get('location')!).pathname).toBe('/');
    fake.switches.expiredSessions.add('live-one');
    expect((await get(path)).status).toBe(302);
    expect(fake.counts.get('home-redirect-session')).toBe(1);
    const closed = await get(`/api/v1/feed/user/${PROFILE_FIXTURE.privateUserId}/`, { ...XHR, cookie: 'sessionid=other' });
    expect(closed.status).toBe(400);
    expect(((await closed.json()) as Json).message).toBe('Not authorized to view user');
  });
});

describe('highlights_tray', () => {
  it('lists two albums as `highlight:<id>` with title, count and a cropped cover, whose items reels_media serves', async () => {
    const res = await get(`/api/v1/highlights/${PROFILE_FIXTURE.userId}/highlights_tray/`);
    const tray = ((await res.json()) as Json).tray as Json[];
    expect(tray.map((album) => [album.id, album.title])).toEqual(PROFILE_FIXTURE.highlights.map((h) => [`highlight:${h.id}`, h.title]));
    for (const album of tray) {
      expect(album.cover_media.cropped_image_version.url.startsWith(fake.cdnOrigin)).toBe(true);
      const reels = (await (await get(`/api/v1/feed/reels_media/?reel_ids=${album.id}`)).json()) as Json;
      expect(reels.reels_media[0].items).toHaveLength(album.media_count);
    }
  });

  it('a rate limit switch answers 429 with Retry-After', async () => {
    fake.switches.set(PROFILE_FIXTURE.user, { rateLimitedUntil: Date.now() + 60_000 });
    const res = await get(`/api/v1/highlights/${PROFILE_FIXTURE.userId}/highlights_tray/`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});
