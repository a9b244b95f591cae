/**
 * Full HD from the DASH tracks, end to end: the real app resolves the fake's 2025-style reel (progressive
 * 720p, DASH 1080p), offers the joined 1080p first, and GET /api/v1/mux streams an MP4 that ffprobe reads as
 * one H.264 1080×1920 stream and one AAC stream of the source's length. Faults end cleanly: a JSON error
 * before the first byte, or a cut connection after it, and no CDN socket is left open.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { FIXTURE } from '../../../test/fake-instagram/fixtures.ts';
import { makeLongTracks } from '../../../test/fake-instagram/long-media.ts';
import { MEDIA_DIR } from '../../../test/fake-instagram/media-catalog.ts';
import { signMediaToken } from '../media/token.ts';
import { decodes, probe } from '../../../test/media-probe.ts';
import type { MediaItem } from '../../shared/api.ts';

const dir = mkdtempSync(join(tmpdir(), 'gramsave-mux-'));

function probeFixture(name: string) {
  return probe(new URL(name, MEDIA_DIR).pathname);
}

let rig: ResolveRig;
const client = new Agent();
let item: MediaItem;
const SECRET = 'test-secret-0123456789-abcdefghijklmnop';

async function get(path: string, init: { method?: 'GET' | 'HEAD'; signal?: AbortSignal } = {}) {
  const res = await request(rig.app.base + path, { dispatcher: client, method: init.method ?? 'GET', signal: init.signal });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, body };
}

/** No CDN response left open (idle keep-alive sockets are fine: the pool reuses them). */
async function waitForNoCdnSockets(): Promise<void> {
  const until = Date.now() + 3000;
  while (rig.fake.cdn!.activeResponses() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  expect(rig.fake.cdn!.activeResponses()).toBe(0);
}

beforeAll(async () => {
  rig = await startResolveRig({ env: { DOWNLOAD_SECRET: SECRET } });
  const answer = await rig.resolve(`https://www.instagram.com/reel/${FIXTURE.dashReel}/`);
  expect(answer.status).toBe(200);
  item = answer.body.items[0];
});
afterAll(async () => {
  await client.close();
  await rig.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => rig.fake.cdn!.clearFaults());

const muxPath = (url: string) => new URL(url, 'http://x').pathname;
/** The CDN paths a mux token names (video, audio). */
function tracksOf(url: string): { u: string; a?: string } {
  return JSON.parse(Buffer.from(muxPath(url).split('/').pop()!.split('.')[0]!, 'base64url').toString());
}

describe('DASH qualities in the answer', () => {
  it('the joined 1080p track is the best quality, every size from both sources listed once, best first', () => {
    expect(item).toMatchObject({ type: 'video', width: 1080, height: 1920 });
    const sizes = item.qualities!.map((q) => `${q.width}x${q.height}${q.muxed ? ' muxed' : ''}`);
    expect(sizes[0]).toBe('1080x1920 muxed');
    expect(sizes).toContain('720x1280'); // the progressive 720p wins the tie with the DASH 720p track
    expect(sizes).not.toContain('720x1280 muxed');
    expect(new Set(item.qualities!.map((q) => `${q.width}x${q.height}`)).size).toBe(sizes.length);
    expect(item.qualities![0]!.label).toBe('1080×1920 · Full HD');
    expect(item.downloadUrl).toBe(item.qualities![0]!.downloadUrl);
    expect(item.downloadUrl).toMatch(/^\/api\/v1\/mux\//);
    // Inline playback stays on the progressive 720p rendition (Range works there).
    expect(item.mediaUrl).toMatch(/^\/api\/v1\/media\//);
  });
});

describe('GET /api/v1/mux/{token}', () => {
  it('answers inline for a player or a new tab with ?inline=1, with the media policy', async () => {
    const joined = item.qualities![0]!;
    expect(joined.mediaUrl).toBe(`${joined.downloadUrl}?inline=1`);
    const res = await get(joined.mediaUrl, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[\w.]+-DQfullHD108-1080p\.mp4"/);
    expect(res.headers['content-security-policy']).toContain("media-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
  });

  it('streams one MP4 with the 1080×1920 H.264 track and the AAC track, as long as the source', async () => {
    const before = new Map(rig.fake.cdn!.counts.byPath);
    const res = await get(muxPath(item.downloadUrl));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.]+-DQfullHD108-1080p\.mp4"/);
    // The fragment join knows its length before the first byte: the download manager shows size and progress.
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    if (process.env.MUX_DUMP) writeFileSync(process.env.MUX_DUMP, res.body);
    const { streams, duration } = probe(res.body);
    const video = streams.filter((s) => s.codec_type === 'video');
    const audio = streams.filter((s) => s.codec_type === 'audio');
    expect(video).toHaveLength(1);
    expect(video[0]).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(audio).toHaveLength(1);
    expect(audio[0]!.codec_name).toBe('aac');
    const source = probeFixture('dash-video-1080x1920.mp4');
    expect(Math.abs(duration - source.duration)).toBeLessThanOrEqual(0.2);
    // Every frame at its source time, so picture and sound stay in sync (within one frame).
    expect(Math.abs(Number(video[0]!.start_time) - Number(source.streams[0]!.start_time))).toBeLessThan(1 / 30);
    expect(Number(audio[0]!.start_time)).toBe(0);
    decodes(res.body);
    const { u, a } = tracksOf(item.downloadUrl);
    const requestsFor = (url: string) => (rig.fake.cdn!.counts.byPath.get(new URL(url).pathname) ?? 0) - (before.get(new URL(url).pathname) ?? 0);
    // Joined fragment by fragment: each track is read once, front to back, with one streaming GET.
    expect(requestsFor(u)).toBe(1);
    expect(requestsFor(a!)).toBe(1);
    expect(a).toBeDefined();
    await waitForNoCdnSockets();
  });

  it('serves the video track alone for a video without sound', async () => {
    const { u } = tracksOf(item.downloadUrl);
    const token = signMediaToken(SECRET, { t: 'x', u, f: 'instagram-reel-silent.mp4', e: Math.floor(Date.now() / 1000) + 600 });
    const res = await get(`/api/v1/mux/${token}`);
    expect(res.status).toBe(200);
    const { streams } = probe(res.body);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:h264']);
  });

  it('the item’s other files are real too: the audio alone is AAC with no picture, the 720p file plays', async () => {
    const audio = await get(new URL(item.audioUrl!, 'http://x').pathname + '?download=1');
    expect(audio.status).toBe(200);
    const sound = probe(audio.body);
    expect(sound.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:aac']);
    expect(sound.duration).toBeGreaterThan(1.9);
    decodes(audio.body);
    const progressive = item.qualities!.find((q) => !q.muxed)!;
    const file = await get(new URL(progressive.downloadUrl, 'http://x').pathname + '?download=1');
    expect(file.status).toBe(200);
    expect(probe(file.body).streams.map((s) => `${s.codec_type}:${s.codec_name}:${s.width ?? ''}`)).toEqual(['video:h264:720', 'audio:aac:']);
    decodes(file.body);
  });

  it('HEAD checks both tracks and answers the headers only, with the length GET sends', async () => {
    const res = await get(muxPath(item.downloadUrl), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    // Issue 39: HEAD carried no Content-Length, though GET does.
    const whole = await get(muxPath(item.downloadUrl));
    expect(Number(res.headers['content-length'])).toBe(whole.body.length);
    expect(res.headers['estimated-content-length']).toBeUndefined();
    await waitForNoCdnSockets();
  });

  it('a file made without a known length (a remux, the sound taken out) says cobalt’s Estimated-Content-Length on GET and HEAD, exposed to scripts', async () => {
    const progressive = item.qualities!.find((q) => !q.muxed)!;
    const source = JSON.parse(Buffer.from(muxPath(progressive.downloadUrl).split('/').pop()!.split('.')[0]!, 'base64url').toString()).u as string;
    const e = Math.floor(Date.now() / 1000) + 600;
    for (const token of [signMediaToken(SECRET, { t: 'x', u: source, f: 'muted.mp4', e }), signMediaToken(SECRET, { t: 'x', k: 'audio', u: source, f: 'sound.m4a', e })]) {
      const res = await get(`/api/v1/mux/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBeUndefined();
      const estimate = Number(res.headers['estimated-content-length']);
      // An estimate: within a third of what was sent (issue 39: there was none, so clients showed no progress).
      expect(estimate / res.body.length).toBeGreaterThan(0.67);
      expect(estimate / res.body.length).toBeLessThan(1.5);
      expect(String(res.headers['access-control-expose-headers'])).toContain('Estimated-Content-Length');
      const head = await get(`/api/v1/mux/${token}`, { method: 'HEAD' });
      expect(Number(head.headers['estimated-content-length'])).toBe(estimate);
    }
    await waitForNoCdnSockets();
  });
});

describe('"Download all" holds the joined best video', () => {
  it('a ZIP entry marked as a DASH track is the joined MP4, beside a plain file', async () => {
    const { u, a } = tracksOf(item.downloadUrl);
    const plain = new URL(item.mediaUrl, 'http://x').pathname.split('/').pop()!.split('.')[0]!;
    const progressive = JSON.parse(Buffer.from(plain, 'base64url').toString()).u as string;
    const token = signMediaToken(SECRET, {
      t: 'z',
      n: 'instagram-zip-test',
      e: Math.floor(Date.now() / 1000) + 600,
      i: [
        { u, a, x: 1, f: '01-instagram-reel-best.mp4' },
        { u: progressive, f: '02-instagram-reel-720.mp4' },
      ],
    });
    const res = await get(`/api/v1/zip/${token}`);
    expect(res.status).toBe(200);
    const zip = join(dir, 'all.zip');
    writeFileSync(zip, res.body);
    expect(execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n')).toEqual(['01-instagram-reel-best.mp4', '02-instagram-reel-720.mp4']);
    const joined = probe(execFileSync('unzip', ['-p', zip, '01-instagram-reel-best.mp4'], { maxBuffer: 64 * 1024 * 1024 }));
    expect(joined.streams.map((st) => `${st.codec_name}${st.width ? ` ${st.width}x${st.height}` : ''}`).sort()).toEqual(['aac', 'h264 1080x1920']);
    const second = probe(execFileSync('unzip', ['-p', zip, '02-instagram-reel-720.mp4'], { maxBuffer: 64 * 1024 * 1024 }));
    expect(second.streams.find((st) => st.codec_type === 'video')).toMatchObject({ width: 720, height: 1280 });
  });
});

describe('faults end cleanly', () => {
  // Token URLs already point at the fake CDN: its path is the fault key.
  const audioPath = () => new URL(tracksOf(item.downloadUrl).a!).pathname;
  const videoPath = () => new URL(tracksOf(item.downloadUrl).u).pathname;

  it('a track answering 403 is a JSON error before the first byte', async () => {
    rig.fake.cdn!.setFault(audioPath(), { kind: 'status', status: 403, body: 'Forbidden', times: 1 });
    const res = await get(muxPath(item.downloadUrl));
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body.toString()).error.code).toBe('upstream_unavailable');
    await waitForNoCdnSockets();
  });

  it('an expired track is 410 expired, so the page fetches the post again', async () => {
    rig.fake.cdn!.setFault(videoPath(), { kind: 'status', status: 403, body: 'URL signature expired', times: 2 });
    const res = await get(muxPath(item.downloadUrl));
    expect(res.status, res.body.toString()).toBe(410);
    expect(JSON.parse(res.body.toString()).error.code).toBe('expired');
    const head = await get(muxPath(item.downloadUrl), { method: 'HEAD' });
    expect(head.status).toBe(410);
    await waitForNoCdnSockets();
  });

  it('a track whose URL is off the allow-list is refused without a fetch', async () => {
    const before = rig.fake.cdn!.counts.requests;
    const token = signMediaToken(SECRET, { t: 'x', u: 'https://evil.example.com/v.mp4', a: tracksOf(item.downloadUrl).a!, f: 'x.mp4', e: Math.floor(Date.now() / 1000) + 600 });
    const res = await get(`/api/v1/mux/${token}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.parse(res.body.toString()).error.code).toBeDefined();
    // The audio track may have been opened in parallel, never the foreign host; nothing stays open.
    expect(rig.fake.cdn!.counts.requests - before).toBeLessThanOrEqual(1);
    await waitForNoCdnSockets();
  });

  it('a reset mid-stream is resumed from where it broke, and the file is still whole', async () => {
    rig.fake.cdn!.setFault(videoPath(), { kind: 'close-mid-stream', afterBytes: 5000, times: 1 });
    const res = await get(muxPath(item.downloadUrl));
    expect(res.status, res.body.toString()).toBe(200);
    const { streams } = probe(res.body);
    expect(streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    decodes(res.body);
    await waitForNoCdnSockets();
  });

  it('a track that keeps breaking cuts the connection after the first byte', async () => {
    // A 2-minute pair (1.4 MB of video), so that the break comes well after the answer has begun.
    const long = makeLongTracks(120, { dir });
    rig.fake.cdn!.serveFile('/long/video.mp4', long.video);
    rig.fake.cdn!.serveFile('/long/audio.m4a', long.audio);
    const token = signMediaToken(SECRET, {
      t: 'x',
      u: rig.fake.cdn!.urlFor('/long/video.mp4'),
      a: rig.fake.cdn!.urlFor('/long/audio.m4a'),
      f: 'instagram-reel-long.mp4',
      e: Math.floor(Date.now() / 1000) + 600,
    });
    const whole = await get(`/api/v1/mux/${token}`);
    expect(whole.status, whole.body.subarray(0, 300).toString()).toBe(200);
    expect(probe(whole.body).duration).toBeCloseTo(long.seconds, 0);
    // Every request for the video track breaks at the same byte: the first read and both resumes.
    rig.fake.cdn!.setFault('/long/video.mp4', { kind: 'close-at-byte', offset: Math.floor(statSync(long.video).size * 0.75) });
    const res = await request(rig.app.base + `/api/v1/mux/${token}`, { dispatcher: client });
    expect(res.statusCode).toBe(200);
    await expect(res.body.arrayBuffer()).rejects.toThrow();
    rig.fake.cdn!.clearFaults();
    await waitForNoCdnSockets();
    // The server is healthy afterwards.
    expect((await get(muxPath(item.downloadUrl))).status).toBe(200);
  });

  it('a client that leaves stops both CDN reads', async () => {
    rig.fake.cdn!.setFault(videoPath(), { kind: 'hang-mid-body', afterBytes: 4000, times: 1 });
    const controller = new AbortController();
    const pending = request(rig.app.base + muxPath(item.downloadUrl), { dispatcher: client, signal: controller.signal });
    const until = Date.now() + 3000;
    while (rig.fake.cdn!.activeResponses() < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await pending.then((res) => res.body.arrayBuffer()).catch(() => undefined);
    await waitForNoCdnSockets();
  });
});
