/**
 * The profile view's readers against the shapes Instagram answers (the fake's, built from captured samples and
 * gallery-dl's fields): highlights_tray, feed/user, and reels_media in both of its forms.
 */
import { describe, expect, it } from 'vitest';
import { buildFixtures, FIXTURE } from '../../../../../test/fake-instagram/fixtures.ts';
import { installUserFixtures, PROFILE_FIXTURE } from '../../../../../test/fake-instagram/user-fixtures.ts';
import { ExtractError } from '../../failure.ts';
import { readHighlightTray } from './highlight-tray.ts';
import { decodeCursor, encodeCursor } from './profile-view.ts';
import { readReelItems } from './reel-items.ts';
import { readFeedPage } from './user-feed.ts';

const fixtures = buildFixtures();
const now = Date.UTC(2026, 10, 26, 12);
const feeds = installUserFixtures(fixtures, new Map(), now);
const author = { username: PROFILE_FIXTURE.user };

describe('readHighlightTray', () => {
  it('reads each album: digits id, title, count, cover; skips one without a highlight id', () => {
    const tray = [...feeds.trays.get(PROFILE_FIXTURE.userId)!, { id: 'garbage', title: 'x' }];
    const albums = readHighlightTray({ tray, status: 'ok' });
    expect(albums.map((a) => [a.id, a.title, a.count])).toEqual(PROFILE_FIXTURE.highlights.map((h) => [h.id, h.title, 3]));
    expect(albums[0]!.coverUrl).toMatch(/^https:\/\/scontent/);
  });
  it('a tray that is not a list is a changed answer', () => {
    expect(() => readHighlightTray({ status: 'ok' })).toThrow(ExtractError);
  });
});

describe('readFeedPage', () => {
  const items = feeds.feeds.get(PROFILE_FIXTURE.userId)!;
  it('gives each post its type and whole resolution, and the next cursor while more_available', () => {
    const page = readFeedPage({ items: items.slice(0, 3), more_available: true, next_max_id: items[2]!.id, status: 'ok' });
    expect(page.posts.map((p) => [p.code, p.type])).toEqual([
      ['MUFEED00', 'image'],
      ['MUFEED01', 'carousel'],
      ['MUFEED02', 'video'],
    ]);
    expect(page.posts[1]!.resolution.items.length).toBeGreaterThan(1);
    expect(page.nextMaxId).toBe(items[2]!.id);
  });
  it('no cursor on the last page, nor a cursor that is not a plain id', () => {
    expect(readFeedPage({ items: [], more_available: false, status: 'ok' }).nextMaxId).toBeUndefined();
    expect(readFeedPage({ items: [], more_available: true, next_max_id: '../x', status: 'ok' }).nextMaxId).toBeUndefined();
  });
  it('our cursor wraps Instagram’s and refuses anything else', () => {
    expect(decodeCursor(encodeCursor('3141592653_491527077'))).toBe('3141592653_491527077');
    expect(decodeCursor(encodeCursor('a b'))).toBeUndefined();
    expect(decodeCursor('%%')).toBeUndefined();
  });
});

describe('readReelItems', () => {
  const reel = fixtures.reels.get(FIXTURE.storyUserId)!;
  it('reads `reels{}` (yt-dlp) and `reels_media[]` (gallery-dl) alike, each story with when it expires', () => {
    const body = { id: reel.id, items: reel.items, user: reel.user };
    const fromMap = readReelItems({ reels: { [reel.id]: body }, status: 'ok' }, reel.id, author);
    const fromList = readReelItems({ reels_media: [body], status: 'ok' }, reel.id, author);
    expect(fromList).toEqual(fromMap);
    expect(fromMap.items).toHaveLength(6);
    expect(fromMap.expires[0]).toBe(new Date((reel.items[0]!.expiring_at as number) * 1000).toISOString());
    // Each item keeps Instagram's id (its pk): what a visitor's tick names.
    expect(fromMap.ids).toEqual(reel.items.map((item) => String(item.pk)));
  });
  it('no current stories is an empty list; an answer of neither form is a changed one', () => {
    expect(readReelItems({ reels: {}, reels_media: [], status: 'ok' }, reel.id, author).items).toEqual([]);
    expect(() => readReelItems({ status: 'ok' }, reel.id, author)).toThrow(ExtractError);
  });
  it('a highlight album has no expiry', () => {
    const id = `highlight:${FIXTURE.highlightId}`;
    const album = fixtures.reels.get(id)!;
    const read = readReelItems({ reels_media: [{ id, items: album.items, user: album.user }], status: 'ok' }, id, author);
    expect(read.items.map((r) => r.kind)).toEqual(['highlight', 'highlight', 'highlight']);
    expect(read.expires).toEqual([undefined, undefined, undefined]);
  });
});
