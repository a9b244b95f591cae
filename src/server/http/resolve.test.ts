/**
 * POST /api/v1/resolve on the real app, pointed at the fake Instagram on loopback: every kind of link,
 * every upstream fault mapped to its code, share links, and request validation.
 */
import { createServer } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE, type Fault } from '../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const IG = 'https://www.instagram.com';
let rig: ResolveRig;

/** The CDN URL inside a signed media link (the token's payload is base64url JSON). */
function cdnUrlOf(mediaUrl: string): string {
  const token = mediaUrl.replace(/^\/api\/v1\/media\//, '').replace(/\?.*$/, '');
  return (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { u: string }).u;
}

beforeAll(async () => {
  rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' } });
});
afterAll(async () => {
  await rig?.close();
});
beforeEach(() => {
  rig.fake.switches.reset();
});

describe('compressed answers', () => {
  const post = (encoding: string) =>
    request(`${rig.app.base}/api/v1/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
      body: JSON.stringify({ url: `${IG}/p/${FIXTURE.carousel}/` }),
    });

  it('sends brotli, gzip or plain JSON as asked, the same answer in each, and reuses the compressed copy', async () => {
    const plain = await post('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(await plain.body.text()) as Json;
    expect(json.items.length).toBeGreaterThan(1);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    for (const [accept, coding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
      const first = await post(accept);
      const again = await post(accept);
      expect(first.headers['content-encoding']).toBe(coding);
      expect(first.headers.vary).toContain('Accept-Encoding');
      const a = Buffer.from(await first.body.arrayBuffer());
      const b = Buffer.from(await again.body.arrayBuffer());
      expect(Number(first.headers['content-length'])).toBe(a.length);
      expect(b.equals(a)).toBe(true);
      expect(JSON.parse(decoders[coding](a).toString('utf8'))).toEqual(json);
    }
  });
});

describe('every kind resolves', () => {
  it('an image post: best quality, every quality, signed links to the fake CDN, no-store', async () => {
    const { status, headers, body } = await rig.resolve(`${IG}/p/${FIXTURE.image}/?igsh=abc`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ kind: 'post', shortcode: FIXTURE.image, sourceUrl: `${IG}/p/${FIXTURE.image}/`, author: { username: 'instagram' } });
    expect(body.items).toHaveLength(1);
    const item = body.items[0];
    expect(item).toMatchObject({ type: 'image', width: 1080, height: 1350 });
    expect(item.filename).toBe(`instagram-${FIXTURE.image}-1080x1350.jpg`);
    expect(item.qualities.map((q: Json) => q.width)).toEqual([1080, 750, 640]);
    // Each quality's exact size: the fake CDN's Content-Length for its file, learnt by a HEAD at lookup.
    for (const q of item.qualities) {
      const head = await fetch(cdnUrlOf(q.mediaUrl), { method: 'HEAD' });
      expect(q.bytes).toBe(Number(head.headers.get('content-length')));
    }
    expect(item.bytes).toBe(item.qualities[0].bytes);
    expect(item.downloadUrl).toBe(`${item.mediaUrl}?download=1`);
    const cdn = new URL(cdnUrlOf(item.mediaUrl));
    expect(cdn.origin).toBe(rig.fake.cdnOrigin);
    expect(cdn.pathname.startsWith('/scontent-iad3-1.cdninstagram.com/')).toBe(true);
    const oe = parseInt(cdn.searchParams.get('oe')!, 16);
    expect(oe).toBeGreaterThan(Date.now() / 1000 + 2 * 86400);
    expect(body.zipUrl).toBeUndefined();
  });

  it('the media link it returns streams bytes from the fake CDN through our proxy', async () => {
    const { body } = await rig.resolve(`${IG}/p/${FIXTURE.image}/`);
    const res = await fetch(rig.app.base + body.items[0].mediaUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('a cached post answers with the same signed links for a minute (signing is not repeated per request)', async () => {
    const first = await rig.resolve(`${IG}/p/${FIXTURE.reel}/`);
    // Freshly signed links would differ after a second (their expiry is in whole seconds from now).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await rig.resolve(`https://instagram.com/reel/${FIXTURE.reel}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const res = await fetch(rig.app.base + second.body.items[0].mediaUrl, { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it('a carousel keeps its order and gets a ZIP link', async () => {
    const { status, body } = await rig.resolve(`${IG}/p/${FIXTURE.carousel}/`);
    expect(status).toBe(200);
    expect(body.items.map((i: Json) => i.type)).toEqual(['image', 'video', 'image']);
    expect(body.zipUrl).toMatch(/^\/api\/v1\/zip\//);
  });

  it('a v1 carousel of four', async () => {
    const { body } = await rig.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`);
    expect(body.items.map((i: Json) => i.type)).toEqual(['image', 'video', 'video', 'video']);
  });

  it('a reel is a reel, with duration and its audio track where the source has one', async () => {
    const reel = await rig.resolve(`${IG}/reel/${FIXTURE.reel}/`);
    expect(reel.body).toMatchObject({ kind: 'reel', items: [{ type: 'video', durationSeconds: 14.633 }] });
    expect(reel.body.items[0].filename).toMatch(new RegExp(`^[\\w.]+-${FIXTURE.reel}-\\d+p\\.mp4$`));
    const withAudio = await rig.resolve(`${IG}/reels/${FIXTURE.v1Reel}/`);
    expect(withAudio.body.kind).toBe('reel');
    expect(withAudio.body.items[0].audioUrl).toMatch(/^\/api\/v1\/media\/.+\?download=1$/);
    expect(cdnUrlOf(withAudio.body.items[0].audioUrl)).toContain('52479175_5525947000852701');
  });

  it('an IGTV video', async () => {
    const { body } = await rig.resolve(`${IG}/tv/${FIXTURE.igtv}/`);
    expect(body).toMatchObject({ kind: 'igtv', shortcode: FIXTURE.igtv, items: [{ type: 'video' }] });
  });

  it('one story item, and all current items of a user', async () => {
    const one = await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/${FIXTURE.storyItemId}/?utm_source=ig_story_item_share`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ kind: 'story', author: { username: FIXTURE.storyUser }, items: [{ type: 'video', width: 1080, height: 1920 }] });
    const all = await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/`, 'story');
    expect(all.body.items.map((i: Json) => i.type)).toEqual(['image', 'image', 'image', 'image', 'video', 'video']);
  });

  it('a highlight, by id and by its /s/ share form (reels_media[] answer)', async () => {
    const byId = await rig.resolve(`${IG}/stories/highlights/${FIXTURE.highlightId}/`);
    expect(byId.body).toMatchObject({ kind: 'highlight', author: { username: FIXTURE.storyUser } });
    expect(byId.body.items).toHaveLength(3);
    const encoded = Buffer.from(`highlight:${FIXTURE.highlightId}`).toString('base64');
    const byShare = await rig.resolve(`${IG}/s/${encoded}?igsh=1`);
    expect(byShare.body.items).toHaveLength(3);
    // Instagram's share link to one item of the highlight: that item alone.
    const oneItem = await rig.resolve(`${IG}/s/${encoded}?story_media_id=${FIXTURE.storyItemId}_${FIXTURE.storyUserId}`);
    expect(oneItem.status).toBe(200);
    expect(oneItem.body.items).toHaveLength(1);
    expect(oneItem.body.items[0]).toMatchObject({ type: 'video', width: 1080, height: 1920 });
  });

  it('a highlight whose reel user has the wrong types falls back to a clean answer, not a 500', async () => {
    const base = rig.fake.fixtures.reels.get(`highlight:${FIXTURE.highlightId}`)!;
    const id = '17999999999999999';
    rig.fake.fixtures.reels.set(`highlight:${id}`, { ...base, id: `highlight:${id}`, user: { username: 12345, full_name: { x: 1 }, profile_pic_url: 7 } });
    try {
      const { status, body } = await rig.resolve(`${IG}/stories/highlights/${id}/`);
      expect(status, JSON.stringify(body)).toBe(502);
      expect(body.error.code).toBe('upstream_changed');
    } finally {
      rig.fake.fixtures.reels.delete(`highlight:${id}`);
    }
  });

  it('a profile picture, full size with the session, from a bare @username on the profile tool', async () => {
    const { status, body } = await rig.resolve('@instagram', 'profile');
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: 'profile', sourceUrl: `${IG}/instagram/`, author: { username: 'instagram', fullName: 'Instagram' } });
    expect(body.items[0]).toMatchObject({ type: 'image', width: 640, height: 640 });
    expect(rig.fake.counts.get('users-info', 'instagram')).toBeGreaterThan(0);
  });

  it('a share link: one hop with a plain client UA, then the post', async () => {
    const { status, body } = await rig.resolve(`${IG}/share/reel/${FIXTURE.shareToReel}/?igsh=x`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: 'reel', shortcode: FIXTURE.v1Reel });
    expect(rig.fake.counts.get('share', FIXTURE.shareToReel)).toBe(1);
  });
});

describe('upstream faults map to their codes', () => {
  // Logged out, as most instances run: a session would see past the login walls (and media-info would decide).
  let out: ResolveRig;
  beforeAll(async () => {
    out = await startResolveRig();
  });
  afterAll(() => out?.close());
  beforeEach(() => out.fake.switches.reset());

  const CASES: [Fault, number, string, string?][] = [
    ['not_found', 404, 'not_found'],
    ['null_media', 404, 'not_found'],
    ['private', 403, 'private'],
    ['login_redirect', 403, 'login_required'],
    ['challenge_redirect', 403, 'login_required'],
    ['home_redirect', 403, 'login_required'],
    // 401 "Please wait a few minutes" with require_login is Instagram's throttle, not a wall.
    ['require_login', 429, 'rate_limited', '60'],
    ['rate_limited', 429, 'rate_limited', '120'],
    ['throttle_200', 429, 'rate_limited', '60'],
    ['feedback_required', 429, 'rate_limited', '60'],
    ['garbage', 502, 'upstream_changed'],
    ['server_error', 502, 'upstream_unavailable'],
    ['reset', 502, 'upstream_unavailable'],
  ];
  it.each(CASES)('%s → %i %s', async (fault, status, code, retryAfter) => {
    const shortcode = `Fault${String(fault).replace(/_/g, '')}`;
    out.fake.switches.set(shortcode, fault);
    const res = await out.resolve(`${IG}/p/${shortcode}/`);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(typeof res.body.error.message).toBe('string');
    if (retryAfter) expect(res.headers.get('retry-after')).toBe(retryAfter);
    if (fault === 'server_error' || fault === 'reset') {
      // one retry only, per request
      expect(out.fake.counts.get('graphql-web-info', shortcode)).toBe(2);
      expect(out.fake.counts.get('embed', shortcode)).toBe(2);
    }
    // Throttling never starts a doc-id discovery pass.
    if (code === 'rate_limited') expect(out.fake.counts.get('static')).toBe(0);
  });

  it('private beats not found when strategies disagree', async () => {
    rig.fake.switches.set('MixedFault1', 'private').break('graphql-web-info', 'not_found').break('embed', 'rate_limited');
    const res = await rig.resolve(`${IG}/p/MixedFault1/`);
    expect(res.body.error.code).toBe('private');
  });

  it('stories of a private account are private; of an unknown user not found', async () => {
    rig.fake.switches.set('manchesterunited', 'private');
    expect((await rig.resolve(`${IG}/stories/manchesterunited/1/`)).body.error.code).toBe('private');
    expect((await rig.resolve(`${IG}/stories/nobody.here/`)).status).toBe(404);
  });

  it('a profile that does not exist', async () => {
    const res = await rig.resolve(`${IG}/no.such.user/`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('share links that leave Instagram', () => {
  it('are refused without a request to the target host', async () => {
    let hits = 0;
    const target = createServer((_req, res) => {
      hits++;
      res.end('nope');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      rig.fake.switches.offsiteLocation = `http://127.0.0.1:${(target.address() as AddressInfo).port}/p/${FIXTURE.image}/`;
      const res = await rig.resolve(`${IG}/share/p/${FIXTURE.shareOffsite}/`);
      expect(res.status).toBe(400);
      // Said as what it is: the link leads off Instagram, not "this kind of link is not supported".
      expect(res.body.error.code).toBe('share_offsite');
      expect(res.body.error.message).toMatch(/does not lead to Instagram/);
      expect(rig.fake.counts.get('share', FIXTURE.shareOffsite)).toBe(1);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });

  it('an Instagram page that is not a post is refused too', async () => {
    rig.fake.switches.offsiteLocation = 'https://www.instagram.com/explore/tags/cats/';
    const res = await rig.resolve(`${IG}/share/${FIXTURE.shareOffsite}/`);
    expect(res.body.error.code).toBe('unsupported');
  });
});

describe('request validation', () => {
  const post = (body: string, contentType?: string) =>
    fetch(`${rig.app.base}/api/v1/resolve`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body });

  it('links that are not Instagram, or not served', async () => {
    const before = rig.fake.counts.total();
    const invalid = await rig.resolve('https://example.com/p/abc/');
    expect(invalid).toMatchObject({ status: 400, body: { error: { code: 'invalid_url', message: 'Please enter a valid Instagram or Threads link' } } });
    const bare = await rig.resolve('natgeo');
    expect(bare.body.error.code).toBe('invalid_url');
    const profileTool = await rig.resolve('not a user!', 'profile');
    expect(profileTool.body.error.message).toBe('Please enter a valid Instagram profile URL or username');
    const unsupported = await rig.resolve(`${IG}/explore/tags/cats/`);
    expect(unsupported).toMatchObject({ status: 400, body: { error: { code: 'unsupported' } } });
    expect(unsupported.body.error.message).toMatch(/Instagram .*Threads/);
    expect(rig.fake.counts.total()).toBe(before);
  });

  it('wrong content type → 415 JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const res = await post(JSON.stringify({ url: `${IG}/p/${FIXTURE.image}/` }), type);
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as Json).error.code).toBe('unsupported_media_type');
    }
  });

  it('malformed JSON → 400, a body over 8 KB → 413, both JSON', async () => {
    const bad = await post('{"url": ', 'application/json');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error.code).toBe('bad_request');
    const huge = await post(JSON.stringify({ url: `${IG}/p/${FIXTURE.image}/`, pad: 'x'.repeat(9000) }), 'application/json');
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as Json).error.code).toBe('payload_too_large');
  });

  it('schema errors name the field', async () => {
    const noUrl = await post(JSON.stringify({ link: 'x' }), 'application/json');
    expect(noUrl.status).toBe(400);
    expect(((await noUrl.json()) as Json).error.fields).toHaveProperty('url');
    const badTool = await post(JSON.stringify({ url: `${IG}/p/x/`, tool: 'tiktok' }), 'application/json; charset=utf-8');
    expect(((await badTool.json()) as Json).error.fields).toHaveProperty('tool');
  });
});
