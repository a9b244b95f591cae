/**
 * Threads links through the real app and the fake's Threads face (issue 40): every fact, its answer, and what a
 * lookup costs Threads.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { THREADS_FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { probe } from '../../../../test/media-probe.ts';
import { loadConfig } from '../../config.ts';
import { TEXT_ONLY_MESSAGE } from './normalize.ts';
import { THREADS_PROFILE_MESSAGE } from '../resolver.ts';

let rig: ResolveRig;
const link = (code: string, user: string = THREADS_FIXTURE.user) => `https://www.threads.com/@${user}/post/${code}`;

beforeAll(async () => {
  rig = await startResolveRig();
});
afterAll(() => rig?.close());
beforeEach(async () => {
  rig.fake.reset();
  // The memory cache's close() empties it: every test asks Threads afresh.
  await rig.app.app.resolver.cache.close();
});

async function bytes(path: string): Promise<Uint8Array> {
  const res = await fetch(`${rig.app.base}${path}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('a Threads photo', () => {
  it('comes from its page in one request, as service threads with its canonical threads.com link', async () => {
    const { status, body } = await rig.resolve(`https://www.threads.net/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}?xmt=AQGzabc`);
    expect(status).toBe(200);
    expect(body.service).toBe('threads');
    expect(body.sourceUrl).toBe(link(THREADS_FIXTURE.photo));
    expect(body.items.map((i: { type: string }) => i.type)).toEqual(['image']);
    expect(body.items[0].filename).toContain(THREADS_FIXTURE.photo);
    expect(rig.fake.counts.threads()).toBe(1);
    expect(probe(await bytes(body.items[0].downloadUrl)).streams[0]!.codec_type).toBe('video');
  });

  it('behind the gating shell, comes from GraphQL: 3 Threads requests in all', async () => {
    rig.fake.switches.threads.add('gating-shell');
    const { status, body } = await rig.resolve(link(THREADS_FIXTURE.photo));
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(rig.fake.counts.get('threads-graphql', THREADS_FIXTURE.photo)).toBe(1);
    expect(rig.fake.counts.threads()).toBeLessThanOrEqual(3);
  });

  it('a /t/ link and a barcelona:// link reach the post’s own page', async () => {
    for (const url of [`https://www.threads.com/t/${THREADS_FIXTURE.photo}`, `barcelona://media?shortcode=${THREADS_FIXTURE.video}`]) {
      const { status, body } = await rig.resolve(url);
      expect(status).toBe(200);
      expect(body.sourceUrl).toMatch(new RegExp(`^https://www\\.threads\\.com/@${THREADS_FIXTURE.user}/post/`));
    }
  });

  it('heals a rotated doc id from the bundles on the static origin', async () => {
    rig.fake.switches.threads.add('gating-shell');
    rig.fake.switches.rotateThreadsDocId();
    const { status } = await rig.resolve(link(THREADS_FIXTURE.carousel));
    expect(status).toBe(200);
    expect(rig.app.app.resolver.threadsDocIds.current).toBe(rig.fake.switches.threadsDocId);
    expect(rig.fake.counts.get('static', 'BarcelonaRelay')).toBe(1);
  });

  it('never mixes with the Instagram post of the same code', async () => {
    const threads = await rig.resolve(link(THREADS_FIXTURE.photo));
    const instagram = await rig.resolve(`https://www.instagram.com/p/${THREADS_FIXTURE.photo}/`);
    expect(threads.status).toBe(200);
    expect(instagram.status).not.toBe(200);
  });
});

describe('videos, carousels and GIFs', () => {
  it('a video: one real MP4 from entries without sizes, its size from the post', async () => {
    const { body } = await rig.resolve(link(THREADS_FIXTURE.video));
    expect(body.items[0].type).toBe('video');
    expect(body.items[0].width).toBeGreaterThan(0);
    expect(probe(await bytes(body.items[0].downloadUrl)).streams.some((s) => s.codec_type === 'video')).toBe(true);
  });

  it('a carousel: every item and a ZIP', async () => {
    const { body } = await rig.resolve(link(THREADS_FIXTURE.carousel));
    expect(body.items.map((i: { type: string }) => i.type)).toEqual(['image', 'video', 'video', 'video']);
    expect(body.zipUrl).toBeTruthy();
  });

  it('a GIF is a video item named .mp4: Meta’s proxied copy first, GIPHY’s MP4 without it', async () => {
    const meta = (await rig.resolve(link(THREADS_FIXTURE.gif))).body;
    expect(meta.items[0].type).toBe('video');
    expect(meta.items[0].filename).toMatch(/\.mp4$/);
    expect(probe(await bytes(meta.items[0].downloadUrl)).streams.map((s) => s.codec_type)).toEqual(['video']);
    const giphy = (await rig.resolve(link(THREADS_FIXTURE.giphyGif))).body;
    expect(giphy.items[0].type).toBe('video');
    const fromGiphy = () => rig.fake.cdn!.counts.byPath.get('/media1.giphy.com/media/l0MYt5jPR6QX5pnqM/200.mp4') ?? 0;
    const before = fromGiphy();
    await bytes(giphy.items[0].downloadUrl);
    expect(fromGiphy()).toBe(before + 1);
  });

  it('a quote post gives the quoted post’s media, an inline link the linked one’s, under the quote’s own link', async () => {
    const quote = (await rig.resolve(link(THREADS_FIXTURE.quote))).body;
    expect(quote.items.map((i: { type: string }) => i.type)).toEqual(['image']);
    expect(quote.sourceUrl).toBe(link(THREADS_FIXTURE.quote));
    expect((await rig.resolve(link(THREADS_FIXTURE.linked))).body.items[0].type).toBe('video');
  });

  it('the post, not the reply after it on its page', async () => {
    const { body } = await rig.resolve(link(THREADS_FIXTURE.photo));
    expect(body.shortcode).toBe(THREADS_FIXTURE.photo);
  });
});

describe('what fails, and why', () => {
  // `service` lets the page pick its own translated message for these two (error-messages.ts).
  it('a text-only thread answers no_media with its own message, saying it was a Threads link', async () => {
    const { status, body } = await rig.resolve(link(THREADS_FIXTURE.text));
    expect(body.error).toEqual({ code: 'no_media', message: TEXT_ONLY_MESSAGE, service: 'threads' });
    expect(status).toBeGreaterThanOrEqual(400);
  });

  it('a Threads profile answers unsupported with its own message, asking Threads nothing', async () => {
    const { body } = await rig.resolve('https://www.threads.com/@zuck');
    expect(body.error).toEqual({ code: 'unsupported', message: THREADS_PROFILE_MESSAGE, service: 'threads' });
    expect(rig.fake.counts.threads()).toBe(0);
  });

  it('an Instagram failure names no service', async () => {
    const { body } = await rig.resolve('https://www.instagram.com/p/Missing0001/');
    expect(body.error.code).toBe('not_found');
    expect(body.error).not.toHaveProperty('service');
  });

  it('the post’s page answering 404 is not_found', async () => {
    rig.fake.switches.set(THREADS_FIXTURE.photo, 'not_found');
    expect((await rig.resolve(link(THREADS_FIXTURE.photo))).body.error.code).toBe('not_found');
  });

  it('a gating shell is never "deleted": with GraphQL empty too, login_required', async () => {
    rig.fake.switches.threads.add('gating-shell');
    rig.fake.switches.break('threads-graphql', 'not_found');
    expect((await rig.resolve(link(THREADS_FIXTURE.carousel))).body.error.code).toBe('login_required');
  });

  it('throttling is rate_limited with Retry-After, never "deleted"; so is api_error_code 368', async () => {
    rig.fake.switches.break('threads-post-page', 'rate_limited').break('threads-graphql', 'rate_limited');
    const { status, headers, body } = await rig.resolve(link(THREADS_FIXTURE.quote));
    // Threads throttled us, not Instagram and not this instance.
    expect([status, body.error.code, body.error.source, headers.get('retry-after')]).toEqual([429, 'rate_limited', 'threads', '120']);
    rig.fake.reset();
    rig.fake.switches.threads.add('gating-shell');
    rig.fake.switches.break('threads-graphql', 'temporarily_blocked');
    expect((await rig.resolve(link(THREADS_FIXTURE.video))).body.error).toMatchObject({ code: 'rate_limited', source: 'threads' });
  });

  it('a private account’s long code, every answer empty: private', async () => {
    expect((await rig.resolve(link(THREADS_FIXTURE.privateLong))).body.error.code).toBe('private');
  });
});

describe('configuration', () => {
  it('THREADS_WEB_ORIGIN, the doc id and the budget are configurable; GIPHY is in the default media hosts', () => {
    const config = loadConfig({ THREADS_WEB_ORIGIN: 'https://threads.example', THREADS_DOC_ID_POST: '36633640579617733', THREADS_EGRESS_PER_MIN: '12' });
    expect(config.threads).toEqual({ webOrigin: 'https://threads.example', docId: '36633640579617733', docIdConfigured: true, egress: { perMinute: 12 } });
    expect(loadConfig({}).threads.webOrigin).toBe('https://www.threads.com');
    expect(loadConfig({}).media.hosts).toContain('*.giphy.com');
  });
});
