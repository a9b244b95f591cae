/**
 * POST /api/v1/users/{username}/zip and its archive on the real app against the fake Instagram: the picture, a folder
 * per section, album and post, the cap named in MISSING.txt, and what a visitor without the session gets.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_FIXTURE, feedCode } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

const USER = PROFILE_FIXTURE.user;
const dir = mkdtempSync(path.join(os.tmpdir(), 'users-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** Per saved archive: the header saying the cap left posts out. */
const cuts = new Map<string, string | null>();

async function download(rig: ResolveRig, body: object, name: string, user = USER): Promise<{ names: string[]; file: string }> {
  const res = await fetch(`${rig.app.base}/api/v1/users/${user}/zip`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  const { zipUrl } = (await res.json()) as { zipUrl: string };
  const zip = await fetch(rig.app.base + zipUrl);
  expect(zip.status).toBe(200);
  // Each ZIP its own name: what it holds and when it was made (issue 37).
  const sections = (body as { sections?: string[] }).sections;
  const what = !sections ? 'ticked' : sections.length === 3 ? 'profile' : sections.join('-');
  expect(zip.headers.get('content-disposition')).toMatch(new RegExp(`filename="${user}-${what}-\\d{8}-\\d{6}\\.zip"`));
  cuts.set(name, zip.headers.get('x-gramsave-posts-cut'));
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
  execFileSync('unzip', ['-tq', file]);
  // `unzip -l`: the listing a visitor's archive tool shows (name is the last column).
  const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' }).trim().split('\n').slice(3, -2);
  return { names: listing.map((line) => line.trim().split(/\s+/).slice(3).join(' ')), file };
}

describe('with a live session', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session', PROFILE_ZIP_MAX_POSTS: '14' } });
  });
  afterAll(() => rig?.close());

  it('the whole profile: picture, stories/, an album folder each, a folder per post up to the cap, the rest named in MISSING.txt', async () => {
    rig.fake.counts.reset();
    const { names, file } = await download(rig, { sections: ['stories', 'highlights', 'posts'] }, 'whole.zip');
    // Both albums in one reels_media call (up to 5 a call), besides the stories' own.
    expect(rig.fake.counts.get('reels-media')).toBe(2);
    expect(rig.fake.counts.get('reels-media', PROFILE_FIXTURE.highlights.map((h) => `highlight:${h.id}`).join(','))).toBe(1);
    expect(names.filter((n) => !n.includes('/'))).toEqual([expect.stringMatching(new RegExp(`^${USER}-.*\\.jpg$`)), 'MISSING.txt']);
    expect(names.filter((n) => n.startsWith('stories/'))).toHaveLength(6);
    for (const album of PROFILE_FIXTURE.highlights) expect(names.filter((n) => n.startsWith(`highlight ${album.title}/`))).toHaveLength(3);
    const posts = new Set(names.filter((n) => n.startsWith('post ')).map((n) => n.split('/')[0]));
    // 14 of 30 (the cap): the first page and two of the second, newest first.
    expect([...posts]).toEqual(Array.from({ length: 14 }, (_, i) => `post ${feedCode(i)}`));
    const missing = execFileSync('unzip', ['-p', file, 'MISSING.txt'], { encoding: 'utf8' });
    expect(missing).toContain('Only the newest 14 posts');
    expect(cuts.get('whole.zip')).toBe('14');
  });

  it('one section, fewer posts when asked; a bad body is 400 and an unknown user 404 before any download', async () => {
    const { names } = await download(rig, { sections: ['posts'], maxPosts: 2 }, 'two.zip');
    expect(new Set(names.filter((n) => n.includes('/')).map((n) => n.split('/')[0]))).toEqual(new Set([`post ${feedCode(0)}`, `post ${feedCode(1)}`]));
    expect(cuts.get('two.zip')).toBe('2');
    const post = (user: string, body: unknown) =>
      fetch(`${rig.app.base}/api/v1/users/${user}/zip`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(USER, { sections: ['everything'] })).status).toBe(400);
    expect((await post('no.such.user.here', { sections: ['posts'] })).status).toBe(404);
    // A link for one user does not open another's archive.
    const res = await post(USER, { sections: ['stories'] });
    const { zipUrl } = (await res.json()) as { zipUrl: string };
    expect((await fetch(rig.app.base + zipUrl.replace(`/users/${USER}/`, '/users/realmadrid/'))).status).toBe(400);
  });
});

describe('the ticked items alone', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session', PROFILE_ZIP_MAX_POSTS: '14' } });
  });
  afterAll(() => rig?.close());
  const post = (body: unknown) => fetch(`${rig.app.base}/api/v1/users/${USER}/zip`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a story item, a highlight item and a post of the second page in one ZIP, a gone item named in MISSING.txt', async () => {
    const view = (await (await fetch(`${rig.app.base}/api/v1/users/${USER}`)).json()) as { stories: { items: { id: string }[] }; highlights: { albums: { id: string; title: string }[] } };
    const [album] = view.highlights.albums;
    const opened = (await (await fetch(`${rig.app.base}/api/v1/users/${USER}/highlights/${album!.id}`)).json()) as { items: { id: string }[] };
    const story = view.stories.items[1]!.id;
    expect(story).toMatch(/^\d+$/);
    rig.fake.counts.reset();
    const picked = { stories: [story, '999'], highlights: [{ album: album!.id, items: [opened.items[2]!.id] }], posts: [feedCode(13)] };
    const { names, file } = await download(rig, { picked }, 'picked.zip');
    // What the view showed is cached: only the second feed page is asked for.
    expect(rig.fake.counts.get('reels-media')).toBe(0);
    expect(rig.fake.counts.get('feed-user')).toBe(1);
    expect(names.filter((n) => !n.includes('/'))).toEqual(['MISSING.txt']);
    expect(names.filter((n) => n.startsWith('stories/'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith(`highlight ${album!.title}/`))).toHaveLength(1);
    expect(new Set(names.filter((n) => n.startsWith('post ')).map((n) => n.split('/')[0]))).toEqual(new Set([`post ${feedCode(13)}`]));
    expect(names.filter((n) => n.includes('/') && !/^(stories|highlight |post )/.test(n))).toEqual([]);
    expect(execFileSync('unzip', ['-p', file, 'MISSING.txt'], { encoding: 'utf8' })).toContain('stories/999');
    expect(cuts.get('picked.zip')).toBeNull();
  });

  it('bad picks are 400 in JSON: empty, too many, not digits, mixed with sections, an unknown key', async () => {
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1));
    for (const body of [{ picked: {} }, { picked: { stories: many } }, { picked: { stories: ['12a'] } }, { picked: { posts: ['x'] }, sections: ['posts'] }, { picked: { reels: ['1'] } }, { picked: { highlights: [{ album: '1', items: [] }] } }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect((await fetch(`${rig.app.base}/healthz`)).status).toBe(200);
  });
});

describe('without a session', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig();
  });
  afterAll(() => rig?.close());

  it('the picture, the posts (logged-out paths, issue 36), and MISSING.txt saying stories and highlights need the instance session', async () => {
    const { names, file } = await download(rig, { sections: ['stories', 'highlights', 'posts'] }, 'none.zip');
    expect(names.at(-1)).toBe('MISSING.txt');
    expect(names.some((name) => name.startsWith(`post ${feedCode(0)}/`))).toBe(true);
    expect(names.some((name) => name.startsWith('stories/') || name.startsWith('highlight '))).toBe(false);
    const missing = execFileSync('unzip', ['-p', file, 'MISSING.txt'], { encoding: 'utf8' });
    expect(missing).toContain('IG_SESSIONID');
    expect(missing).toMatch(/stories/);
  });
});

describe('the link is for the client that asked for it (issue 38 point 7)', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session', TRUST_PROXY: 'true' } });
  });
  afterAll(() => rig?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('another address is refused 403; HEADs spend nothing; the asker downloads it 3 times, then 410', async () => {
    const asked = await fetch(`${rig.app.base}/api/v1/users/${USER}/zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('203.0.113.20') },
      body: JSON.stringify({ sections: ['posts'], maxPosts: 1 }),
    });
    expect(asked.status).toBe(200);
    const { zipUrl } = (await asked.json()) as { zipUrl: string };
    const other = await fetch(rig.app.base + zipUrl, { headers: from('198.51.100.20') });
    expect([other.status, ((await other.json()) as { error: { code: string } }).error.code]).toEqual([403, 'forbidden']);
    for (let i = 0; i < 5; i++) expect((await fetch(rig.app.base + zipUrl, { method: 'HEAD', headers: from('203.0.113.20') })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const zip = await fetch(rig.app.base + zipUrl, { headers: from('203.0.113.20') });
      expect(zip.status).toBe(200);
      expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    }
    const spent = await fetch(rig.app.base + zipUrl, { headers: from('203.0.113.20') });
    expect([spent.status, ((await spent.json()) as { error: { code: string } }).error.code]).toEqual([410, 'expired']);
  });
});
