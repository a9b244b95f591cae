/**
 * cobalt's POST / against the real app and the fake Instagram: every answer shape (a photo, a video, a carousel as
 * a picker, Full HD at `max`, audio, mute), the tunnels fetched and probed with ffprobe, the `p=1` probe, cobalt's
 * error codes, its header, body and size checks, and the CORS preflight.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/fixtures.ts';
import { THREADS_FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { MEDIA_DIR } from '../../../../test/fake-instagram/media-catalog.ts';
import { RIG_SECRET } from '../../../../test/app-rig.ts';
import { signMediaToken } from '../../media/token.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { decodes, packetsMd5, probe } from '../../../../test/media-probe.ts';

const ORIGIN = 'https://gramsave.example';
const IG = 'https://www.instagram.com';
let rig: ResolveRig;

beforeAll(async () => {
  // Without ffmpeg (FFMPEG_PATH=off): every audioFormat is the original .m4a (transcode.test.ts has it on).
  rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session', PUBLIC_ORIGIN: ORIGIN, FFMPEG_PATH: 'off' } });
});
afterAll(() => rig?.close());
beforeEach(() => rig.fake.switches.reset());

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function cobalt(body: unknown, headers: Record<string, string> = JSON_HEADERS): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${rig.app.base}/`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** A tunnel URL is absolute on PUBLIC_ORIGIN with a query string; fetched here from the app on loopback. */
async function fetchTunnel(url: string, suffix = '') {
  expect(url.startsWith(`${ORIGIN}/api/v1/`)).toBe(true);
  expect(new URL(url).search).not.toBe('');
  const local = new URL(url);
  const res = await fetch(`${rig.app.base}${local.pathname}${local.search}${suffix}`, { headers: { origin: 'https://cobalt.tools' } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const kinds = (media: Uint8Array) => probe(media).streams.map((s) => `${s.codec_type}:${s.codec_name}${s.width ? `:${s.width}x${s.height}` : ''}`);

describe('answers', () => {
  it('a single photo → tunnel to the best JPEG, named as our API names it', async () => {
    const res = await cobalt({ url: `${IG}/p/${FIXTURE.v1Image}/` });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // A success carries cobalt's rate-limit headers too.
    expect(res.headers.get('ratelimit-policy')).toBe(`${res.headers.get('ratelimit-limit')};w=60`);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(res.body).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(new RegExp(`-${FIXTURE.v1Image}-1080x1350\\.jpg$`)) });
    expect(Object.keys(res.body).sort()).toEqual(['filename', 'status', 'url']);
    const native = await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
    expect(res.body.filename).toBe(native.body.items[0].filename);
    const file = await fetchTunnel(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(file.headers.get('access-control-expose-headers')).toBe('Content-Length, Content-Disposition, Estimated-Content-Length');
    expect(file.headers.get('content-disposition')).toContain(res.body.filename);
  });

  it('a video at the default 1080 → its progressive 1080p file, with picture and sound', async () => {
    const res = await cobalt({ url: `${IG}/reel/${FIXTURE.v1Reel}/` });
    expect(res.body).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/-1080p\.mp4$/) });
    expect(res.body.url).toContain('/api/v1/media/');
    const file = await fetchTunnel(res.body.url);
    expect(kinds(file.body)).toEqual(['video:h264:1080x1920', 'audio:aac']);
  });

  it('Full HD at max: the DASH 1080p track joined with its sound; 720 picks the 720p file', async () => {
    const max = await cobalt({ url: `${IG}/reel/${FIXTURE.dashReel}/`, videoQuality: 'max' });
    expect(max.body).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/DQfullHD108-1080p\.mp4$/) });
    expect(max.body.url).toContain('/api/v1/mux/');
    const joined = await fetchTunnel(max.body.url);
    expect(joined.status).toBe(200);
    expect(kinds(joined.body).sort()).toEqual(['audio:aac', 'video:h264:1080x1920']);
    const hd = await cobalt({ url: `${IG}/reel/${FIXTURE.dashReel}/`, videoQuality: '720' });
    expect(hd.body.filename).toMatch(/-720p\.mp4$/);
    const smallest = await cobalt({ url: `${IG}/reel/${FIXTURE.dashReel}/`, videoQuality: '144' });
    expect(smallest.body.filename).toMatch(/-240p\.mp4$/);
  });

  it('audio without ffmpeg: the AAC track alone as .m4a, whatever audioFormat says', async () => {
    for (const audioFormat of ['best', 'mp3']) {
      const res = await cobalt({ url: `${IG}/reel/${FIXTURE.dashReel}/`, downloadMode: 'audio', audioFormat, audioBitrate: '320' });
      expect(res.body).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/-audio\.m4a$/) });
      const file = await fetchTunnel(res.body.url);
      expect(kinds(file.body)).toEqual(['audio:aac']);
    }
    // A photo stays a photo (as cobalt does).
    expect((await cobalt({ url: `${IG}/p/${FIXTURE.v1Image}/`, downloadMode: 'audio' })).body.status).toBe('tunnel');
  });

  it('audio of an older video with no separate audio track: its AAC taken out of the progressive file, same length', async () => {
    const res = await cobalt({ url: `${IG}/reel/${FIXTURE.reel}/`, downloadMode: 'audio', audioFormat: 'mp3' });
    expect(res.body).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(new RegExp(`-${FIXTURE.reel}-audio\\.m4a$`)) });
    expect(res.body.url).toContain('/api/v1/mux/');
    expect((await fetchTunnel(res.body.url, '&p=1')).status).toBe(200);
    const file = await fetchTunnel(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mp4');
    expect(file.headers.get('content-disposition')).toContain(res.body.filename);
    const { streams, duration } = probe(file.body);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:aac']);
    // The fake serves the reel's 750×1333 file as this clip (test/fake-instagram/media-catalog.ts).
    const source = probe(new URL('progressive-750x1334.mp4', MEDIA_DIR).pathname).streams.find((s) => s.codec_type === 'audio')!;
    expect(Math.abs(duration - Number(source.duration))).toBeLessThan(0.05);
    // A video Instagram says has no sound has none to give.
    expect((await cobalt({ url: `${IG}/reel/${FIXTURE.silentReel}/`, downloadMode: 'audio' })).body).toEqual({ status: 'error', error: { code: 'error.api.fetch.empty' } });
    // Had it not said so, the file itself has no audio stream: a JSON error before any byte.
    const native = await rig.resolve(`${IG}/reel/${FIXTURE.silentReel}/`);
    const { u } = JSON.parse(Buffer.from(String(native.body.items[0].mediaUrl).split('/').pop()!.split('.')[0]!, 'base64url').toString());
    const token = signMediaToken(RIG_SECRET, { t: 'x', k: 'audio', u, f: 'silent.m4a', e: Math.floor(Date.now() / 1000) + 600 });
    const silent = await fetch(`${rig.app.base}/api/v1/mux/${token}?download=1`);
    expect(silent.status).toBe(404);
    expect((await silent.json()).error.code).toBe('no_media');
  });

  it('mute: the DASH video-only track where the pick is one or has a twin of its size, else the progressive file remuxed without sound', async () => {
    const dash = await cobalt({ url: `${IG}/reel/${FIXTURE.dashReel}/`, downloadMode: 'mute', videoQuality: 'max' });
    expect(dash.body.filename).toMatch(/-1080p-mute\.mp4$/);
    expect(kinds((await fetchTunnel(dash.body.url)).body)).toEqual(['video:h264:1080x1920']);
    // A progressive pick with a DASH video-only track of its size: that track as it is, no remux (its length known).
    const twin = await cobalt({ url: `${IG}/reel/${FIXTURE.dashReel}/`, downloadMode: 'mute', videoQuality: '720' });
    expect(twin.body.filename).toMatch(/-720p-mute\.mp4$/);
    const twinFile = await fetchTunnel(twin.body.url);
    expect(twinFile.headers.get('content-length')).toBe(String(twinFile.body.length));
    expect(packetsMd5(twinFile.body, 'v')).toBe(packetsMd5(new URL('dash-video-720x1280.mp4', MEDIA_DIR).pathname, 'v'));
    expect(kinds(twinFile.body)).toEqual(['video:h264:720x1280']);
    // Without one, the progressive file remuxed without its sound.
    const progressive = await cobalt({ url: `${IG}/reel/${FIXTURE.reel}/`, downloadMode: 'mute' });
    expect(progressive.body.status).toBe('tunnel');
    const file = await fetchTunnel(progressive.body.url);
    expect(file.status).toBe(200);
    const streams = kinds(file.body);
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatch(/^video:h264:/);
    decodes(file.body);
  });

  it('a carousel → picker, each item typed, url and thumb ours; localProcessing changes nothing', async () => {
    for (const localProcessing of ['disabled', 'preferred', 'forced', true]) {
      const res = await cobalt({ url: `${IG}/p/${FIXTURE.v1Carousel}/`, localProcessing });
      expect(res.body.status).toBe('picker');
      expect(res.body.picker.map((p: { type: string }) => p.type)).toEqual(['photo', 'video', 'video', 'video']);
      for (const entry of res.body.picker) {
        expect(entry.url.startsWith(`${ORIGIN}/api/v1/`)).toBe(true);
        expect(entry.thumb.startsWith(`${ORIGIN}/api/v1/media/`)).toBe(true);
      }
    }
    const res = await cobalt({ url: `${IG}/p/${FIXTURE.v1Carousel}/`, filenameStyle: 'classic' });
    const thumb = await fetchTunnel(res.body.picker[1].thumb.replace(/$/, '?x=1'));
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it('filenameStyle maps onto our names', async () => {
    const url = `${IG}/reel/${FIXTURE.v1Reel}/`;
    const names = await Promise.all((['basic', 'classic', 'pretty', 'nerdy'] as const).map(async (filenameStyle) => (await cobalt({ url, filenameStyle })).body.filename));
    expect(names[0]).toMatch(new RegExp(`^[\\w.]+-${FIXTURE.v1Reel}-1080p\\.mp4$`));
    expect(names[1]).toBe(`instagram_${FIXTURE.v1Reel}_1080p.mp4`);
    expect(names[2]).toMatch(new RegExp(`^[\\w.]+-${FIXTURE.v1Reel} \\(1080p, instagram\\)\\.mp4$`));
    expect(names[3]).toMatch(new RegExp(`^[\\w.]+ \\(1080p, instagram, ${FIXTURE.v1Reel}\\)\\.mp4$`));
  });

  it('stories and highlights, as on our own API', async () => {
    const story = await cobalt({ url: `${IG}/stories/${FIXTURE.storyUser}/${FIXTURE.storyItemId}/` });
    expect(story.body).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/^manchesterunited-story-/) });
    const highlight = await cobalt({ url: `${IG}/stories/highlights/${FIXTURE.highlightId}/` });
    expect(highlight.body.status).toBe('picker');
  });
});

describe('Threads links (issue 40)', () => {
  const thread = (code: string) => `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${code}`;
  beforeEach(async () => {
    rig.fake.reset();
    // Each test asks Threads afresh (the memory cache's close() empties it).
    await rig.app.app.resolver.cache.close();
  });

  it('a carousel → picker of its four items, each a real file; a photo → tunnel, named as our API names it', async () => {
    const res = await cobalt({ url: thread(THREADS_FIXTURE.carousel) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('picker');
    expect(res.body.picker.map((p: { type: string }) => p.type)).toEqual(['photo', 'video', 'video', 'video']);
    const [photo, video] = [await fetchTunnel(res.body.picker[0].url), await fetchTunnel(res.body.picker[1].url)];
    expect(kinds(photo.body)[0]).toMatch(/^video:mjpeg:/);
    expect(kinds(video.body)[0]).toMatch(/^video:h264:/);
    const single = await cobalt({ url: `https://www.threads.net/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}?xmt=AQGz` });
    expect(single.body).toMatchObject({ status: 'tunnel', filename: (await rig.resolve(thread(THREADS_FIXTURE.photo))).body.items[0].filename });
    // The app's own link is Threads' too.
    expect((await cobalt({ url: `barcelona://media?shortcode=${THREADS_FIXTURE.video}` })).body.status).toBe('tunnel');
  });

  it('filenameStyle names the service threads', async () => {
    const url = thread(THREADS_FIXTURE.video);
    const names = await Promise.all((['classic', 'pretty', 'nerdy'] as const).map(async (filenameStyle) => (await cobalt({ url, filenameStyle })).body.filename));
    expect(names[0]).toMatch(new RegExp(`^threads_${THREADS_FIXTURE.video}_\\d+p\\.mp4$`));
    expect(names[1]).toMatch(new RegExp(`^[\\w.]+-${THREADS_FIXTURE.video} \\(\\d+p, threads\\)\\.mp4$`));
    expect(names[2]).toMatch(new RegExp(`^[\\w.]+ \\(\\d+p, threads, ${THREADS_FIXTURE.video}\\)\\.mp4$`));
  });

  it('errors name the service threads in their context', async () => {
    const error = (code: string, context?: object) => ({ status: 'error', error: { code: `error.api.${code}`, ...(context ? { context } : {}) } });
    expect((await cobalt({ url: 'https://www.threads.com/@zuck' })).body).toEqual(error('link.unsupported', { service: 'threads' }));
    expect((await cobalt({ url: 'https://www.threads.com/search?q=x' })).body).toEqual(error('link.unsupported', { service: 'threads' }));
    expect((await cobalt({ url: thread(THREADS_FIXTURE.text) })).body).toEqual(error('content.post.unavailable'));
    rig.fake.switches.break('threads-post-page', 'server_error').break('threads-graphql', 'server_error');
    expect((await cobalt({ url: thread(THREADS_FIXTURE.photo) })).body).toEqual(error('fetch.fail', { service: 'threads' }));
    rig.fake.reset();
    // Threads throttled this instance: cobalt's fetch.rate, naming threads.
    rig.fake.switches.break('threads-post-page', 'rate_limited').break('threads-graphql', 'rate_limited');
    expect((await cobalt({ url: thread(THREADS_FIXTURE.video) })).body).toEqual(error('fetch.rate', { service: 'threads' }));
  });
});

describe('the p=1 probe', () => {
  it('answers 200 at once with no body, for a media and a joined link; a forged link is refused', async () => {
    const bodies = [{ url: `${IG}/p/${FIXTURE.v1Image}/` }, { url: `${IG}/reel/${FIXTURE.dashReel}/`, videoQuality: 'max' }];
    const urls: string[] = [];
    for (const body of bodies) urls.push((await cobalt(body)).body.url);
    const cdnRequests = () => [...rig.fake.cdn!.counts.byPath.values()].reduce((a, b) => a + b, 0);
    const before = cdnRequests();
    for (const url of urls) {
      const res = await fetchTunnel(url, '&p=1');
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(0);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const forged = await fetchTunnel(url.replace(/\.[\w-]+\?/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?'), '&p=1');
      expect(forged.status).toBe(400);
      expect(forged.headers.get('access-control-allow-origin')).toBe('*');
    }
    // Nothing was fetched from the CDN for a probe.
    expect(cdnRequests()).toBe(before);
  });
});

describe('errors in cobalt’s codes', () => {
  const error = (code: string, context?: object) => ({ status: 'error', error: { code: `error.api.${code}`, ...(context ? { context } : {}) } });
  it.each([
    ['not_found', 'content.post.unavailable'],
    ['private', 'content.post.private'],
    ['rate_limited', 'fetch.rate', { service: 'instagram' }],
    ['garbage', 'fetch.fail', { service: 'instagram' }],
  ] as const)('Instagram says %s → %s', async (fault, code, context?: object) => {
    const shortcode = `Cobalt${fault.replace(/_/g, '')}`;
    rig.fake.switches.set(shortcode, fault);
    const res = await cobalt({ url: `${IG}/p/${shortcode}/` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error(code, context));
  });

  it('links: missing, invalid, of no service, of a service not served, an unsupported Instagram link, an offsite share', async () => {
    expect((await cobalt({ videoQuality: '720' })).body).toEqual(error('link.missing'));
    expect((await cobalt({ url: '' })).body).toEqual(error('link.missing'));
    expect((await cobalt({ url: 'not a link' })).body).toEqual(error('link.invalid'));
    // cobalt's url.js (a636575, read 2026-11-27): a host of no service is link.invalid, a known service that is not
    // served is service.disabled (issue 39: both were service.unsupported).
    expect((await cobalt({ url: 'https://example.com/p/abc/' })).body).toEqual(error('link.invalid'));
    expect((await cobalt({ url: 'https://instagram.com.example.net/p/abc/' })).body).toEqual(error('link.invalid'));
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://x.com/a/status/1', 'https://vm.tiktok.com/ZMabc/']) {
      expect((await cobalt({ url })).body, url).toEqual(error('service.disabled'));
    }
    expect((await cobalt({ url: `${IG}/explore/` })).body).toEqual(error('link.unsupported', { service: 'instagram' }));
    expect((await cobalt({ url: `${IG}/share/p/${FIXTURE.shareOffsite}/` })).body).toEqual(error('link.unsupported', { service: 'instagram' }));
  });

  it('headers, body shape and size', async () => {
    const url = `${IG}/p/${FIXTURE.v1Image}/`;
    expect((await cobalt({ url }, { 'content-type': 'application/json' })).body).toEqual(error('header.accept'));
    expect((await cobalt({ url }, { accept: '*/*', 'content-type': 'application/json' })).body).toEqual(error('header.accept'));
    expect((await cobalt({ url }, { accept: 'application/json', 'content-type': 'text/plain' })).body).toEqual(error('header.content_type'));
    expect((await cobalt({ url }, { accept: 'application/json' })).body).toEqual(error('header.content_type'));
    expect((await cobalt({ url, youtubeVideoCodec: 'h265' })).body).toEqual(error('invalid_body'));
    expect((await cobalt({ url, somethingElse: 1 })).body).toEqual(error('invalid_body'));
    expect((await cobalt('{"url": ')).body).toEqual(error('invalid_body'));
    expect((await cobalt('[1,2]')).body).toEqual(error('invalid_body'));
    const padded = (n: number) => JSON.stringify({ url: `${url}?x=${'a'.repeat(n)}` });
    const exactly = padded(1024 - padded(0).length);
    expect(Buffer.byteLength(exactly)).toBe(1024);
    const fits = await cobalt(exactly);
    expect(fits.status).toBe(200);
    const over = await cobalt(padded(1025 - padded(0).length));
    expect(over.status).toBe(400);
    expect(over.body).toEqual(error('invalid_body'));
    expect(over.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('no 5xx and always cobalt’s JSON for hostile bodies', async () => {
    const bodies = ['', 'null', '0', '"x"', '{}', '{"url":null}', '{"url":{}}', '{"url":["a"]}', '{"url":"\\u0000"}', '{"__proto__":{"url":"x"}}', '{"url":"https://instagram.com/p/' + '%'.repeat(900) + '"}', '\uFEFF{"url":"x"}', '{"url":"x","videoQuality":1080}', '{"url":"x","localProcessing":"yes"}', '{"url":"x","subtitleLang":"e"}'];
    for (const body of bodies) {
      const res = await fetch(`${rig.app.base}/`, { method: 'POST', headers: JSON_HEADERS, body });
      expect(res.status, body).toBeLessThan(500);
      const json = await res.json();
      expect(json.status, body).toBe('error');
      expect(json.error.code, body).toMatch(/^error\.api\./);
    }
    expect((await fetch(`${rig.app.base}/healthz`)).status).toBe(200);
  });
});

describe('CORS', () => {
  it('the preflight of cobalt’s web app is allowed from any origin', async () => {
    const res = await fetch(`${rig.app.base}/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://cobalt.tools', 'access-control-request-method': 'POST', 'access-control-request-headers': 'accept, authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('accept, authorization, content-type');
  });
});

describe('the native API is unchanged', () => {
  it('POST /api/v1/resolve still answers our shape and our errors', async () => {
    const ok = await rig.resolve(`${IG}/p/${FIXTURE.v1Carousel}/`);
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(4);
    expect(ok.body.zipUrl).toMatch(/^\/api\/v1\/zip\//);
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
    const bad = await rig.resolve('not a link');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_url');
  });
});
