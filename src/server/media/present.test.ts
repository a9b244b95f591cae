/**
 * presentResolution end to end: every URL it hands the browser (preview, media, download, each quality,
 * the audio track, the ZIP) works against the real app and the fake CDN.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeFileBytes } from '../../../test/fake-instagram/cdn-bytes.ts';
import type { RawResolution } from '../extract/raw.ts';
import { presentResolution } from './present.ts';
import { startMediaRig, TEST_SECRET, type MediaRig } from '../../../test/media-rig.ts';

const P = {
  photo: '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/photo_1080.jpg',
  poster: '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/poster.jpg',
  best: '/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/video_1080.mp4',
  mid: '/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/video_720.mp4',
  audio: '/scontent-lhr8-1.cdninstagram.com/o1/v/t2/f2/m69/audio.mp4',
  avatar: '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-19/s150x150/avatar.jpg',
};

let rig: MediaRig;
let dir: string;
beforeAll(async () => {
  rig = await startMediaRig();
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-present-'));
});
afterAll(async () => {
  await rig.close();
  rmSync(dir, { recursive: true, force: true });
});

function raw(): RawResolution {
  const u = (p: string) => rig.cdn.urlFor(p);
  return {
    kind: 'post',
    shortcode: 'C8xYz12AbCd',
    sourceUrl: 'https://www.instagram.com/p/C8xYz12AbCd/',
    author: { username: 'natgeo', avatarUrl: u(P.avatar) },
    takenAt: '2024-05-01T10:00:00.000Z',
    items: [
      { type: 'image', url: u(P.photo), previewUrl: u(P.photo), qualities: [{ url: u(P.photo), width: 1080, height: 1350 }] },
      {
        type: 'video',
        url: u(P.best),
        previewUrl: u(P.poster),
        audioUrl: u(P.audio),
        qualities: [
          { url: u(P.best), width: 1080, height: 1920 },
          { url: u(P.mid), width: 720, height: 1280 },
        ],
      },
    ],
  };
}

describe('presentResolution URLs against the media routes', () => {
  it('serves every URL of a resolution: previews, players, downloads, qualities, audio, avatar', async () => {
    const resolution = presentResolution(raw(), { secret: TEST_SECRET });
    const [photo, video] = resolution.items;
    const checks: [string | undefined, string, string, RegExp][] = [
      [photo!.mediaUrl, P.photo, 'image/jpeg', /^inline; filename="natgeo-C8xYz12AbCd-1-1080x1350\.jpg"/],
      [photo!.downloadUrl, P.photo, 'image/jpeg', /^attachment; filename="natgeo-C8xYz12AbCd-1-1080x1350\.jpg"/],
      [video!.previewUrl, P.poster, 'image/jpeg', /^inline; filename="natgeo-C8xYz12AbCd-2-poster\.jpg"/],
      [video!.mediaUrl, P.best, 'video/mp4', /^inline; filename="natgeo-C8xYz12AbCd-2-1080p\.mp4"/],
      [video!.downloadUrl, P.best, 'video/mp4', /^attachment; filename="natgeo-C8xYz12AbCd-2-1080p\.mp4"/],
      // Each quality saves under its own name, so a second quality never becomes "(1)".
      [video!.qualities?.[1]?.downloadUrl, P.mid, 'video/mp4', /^attachment; filename="natgeo-C8xYz12AbCd-2-720p\.mp4"/],
      [video!.qualities?.[0]?.mediaUrl, P.best, 'video/mp4', /^inline; filename="natgeo-C8xYz12AbCd-2-1080p\.mp4"/],
      [video!.qualities?.[1]?.mediaUrl, P.mid, 'video/mp4', /^inline; filename="natgeo-C8xYz12AbCd-2-720p\.mp4"/],
      [video!.audioUrl, P.audio, 'audio/mp4', /^attachment; filename="natgeo-C8xYz12AbCd-2-audio\.m4a"/],
      [resolution.author.avatarUrl, P.avatar, 'image/jpeg', /^inline; filename="avatar\.jpg"/],
    ];
    for (const [url, cdnPath, type, disposition] of checks) {
      expect(url, cdnPath).toBeDefined();
      const res = await rig.get(url!);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
      expect(res.headers['content-disposition'], url).toMatch(disposition);
      expect(res.body.equals(fakeFileBytes(cdnPath)), url).toBe(true);
    }
    expect(video!.qualities?.map((q) => q.label)).toEqual(['1080×1920 · Full HD', '720×1280 · HD']);
    expect(video!.qualities?.map((q) => q.filename)).toEqual(['natgeo-C8xYz12AbCd-2-1080p.mp4', 'natgeo-C8xYz12AbCd-2-720p.mp4']);
    expect(video!.audioFilename).toBe('natgeo-C8xYz12AbCd-2-audio.m4a');
  });

  it('serves the ZIP of a carousel with entries named as the single downloads', async () => {
    const resolution = presentResolution(raw(), { secret: TEST_SECRET });
    expect(resolution.zipUrl).toMatch(/^\/api\/v1\/zip\//);
    const res = await rig.get(resolution.zipUrl!);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="natgeo-C8xYz12AbCd.zip"');
    const file = path.join(dir, 'carousel.zip');
    writeFileSync(file, res.body);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'natgeo-C8xYz12AbCd-1-1080x1350.jpg',
      'natgeo-C8xYz12AbCd-2-1080p.mp4',
    ]);
    const video = execFileSync('unzip', ['-p', file, 'natgeo-C8xYz12AbCd-2-1080p.mp4'], { maxBuffer: 8 * 1024 * 1024 });
    expect(video.equals(fakeFileBytes(P.best))).toBe(true);
  });

  it('gives links that expire with the CDN URL (410 once past)', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expiredRaw = raw();
    expiredRaw.items[0]!.url = rig.cdn.urlFor(P.photo, { oeSeconds: past });
    expiredRaw.items[0]!.previewUrl = expiredRaw.items[0]!.url;
    const resolution = presentResolution(expiredRaw, { secret: TEST_SECRET });
    const res = await rig.get(resolution.items[0]!.downloadUrl);
    expect(res.status).toBe(410);
    expect(res.json().error.code).toBe('expired');
  });

  it('gives a working ZIP for a 20-item carousel of videos with real-length CDN URLs', async () => {
    // Real reel/video CDN URLs run 600–750 characters, most of it per-file random (path hash, _nc_vs, oh).
    const random = (n: number) => randomBytes(n).toString('base64url').slice(0, n);
    const efg = random(150);
    const items = Array.from({ length: 20 }, () => {
      const url =
        rig.cdn.urlFor(`/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/${random(100)}.mp4`) +
        `&stp=dst-mp4&efg=${efg}&_nc_cat=104&vs=${random(30)}&_nc_vs=${random(250)}&ccb=9-4&oh=00_${random(46)}&_nc_sid=4f4799`;
      expect(url.length).toBeGreaterThan(650);
      return { type: 'video' as const, url, previewUrl: url, qualities: [{ url, width: 1080, height: 1920 }] };
    });
    const resolution = presentResolution({ ...raw(), items }, { secret: TEST_SECRET });
    expect(resolution.zipUrl).toBeDefined();
    const res = await rig.get(resolution.zipUrl!);
    expect(res.status, res.body.subarray(0, 200).toString()).toBe(200);
    const file = path.join(dir, 'twenty.zip');
    writeFileSync(file, res.body);
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(20);
  });

  it('never hands out a ZIP link the ZIP route would refuse (a 60-item highlight)', async () => {
    const items = Array.from({ length: 60 }, (_, i) => {
      const url = rig.cdn.urlFor(`/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/story_${i}.jpg`);
      return { type: 'image' as const, url, previewUrl: url, qualities: [{ url, width: 1080, height: 1920 }] };
    });
    const resolution = presentResolution({ ...raw(), kind: 'highlight', items }, { secret: TEST_SECRET });
    expect(resolution.items).toHaveLength(60);
    if (resolution.zipUrl !== undefined) expect((await rig.get(resolution.zipUrl, {}, 'HEAD')).status).toBe(200);
    else expect(resolution.zipUrl).toBeUndefined();
  });
});

describe('presentResolution with a DASH track as the best quality', () => {
  const payloadOf = (url: string) => JSON.parse(Buffer.from(new URL(url, 'http://x').pathname.split('/').pop()!.split('.')[0]!, 'base64url').toString());
  const dashRaw = (): RawResolution => {
    const base = raw();
    const video = base.items[1]!;
    const dash = 'https://scontent-lhr8-1.cdninstagram.com/o1/v/t2/f2/m367/dash_1080.mp4?oe=7FFFFFFF';
    video.url = video.qualities[1]!.url; // progressive stops at 720p
    video.qualities = [{ url: dash, width: 1080, height: 1920, dash: true, approxBytes: 27_286_251 }, video.qualities[1]!];
    return base;
  };

  it('downloads the joined track, plays the progressive one, labels and marks the muxed quality', () => {
    const resolution = presentResolution(dashRaw(), { secret: TEST_SECRET });
    const video = resolution.items[1]!;
    expect(video).toMatchObject({ width: 1080, height: 1920 });
    expect(video.downloadUrl).toMatch(/^\/api\/v1\/mux\//);
    expect(payloadOf(video.downloadUrl)).toMatchObject({ t: 'x', u: expect.stringContaining('dash_1080.mp4'), a: expect.stringContaining('audio.mp4'), f: video.filename });
    expect(payloadOf(video.mediaUrl)).toMatchObject({ t: 'm', u: expect.stringContaining('video_720.mp4') });
    expect(video.qualities!.map((q) => [q.label, q.muxed ?? false, q.approxBytes])).toEqual([
      ['1080×1920 · Full HD', true, 27_286_251],
      ['720×1280 · HD', false, undefined],
    ]);
    expect(video.qualities![1]!.downloadUrl).toMatch(/^\/api\/v1\/media\/.*\?download=1$/);
    // Each quality opens inline as itself: the joined track through the mux route, the progressive one directly.
    expect(video.qualities![0]!.mediaUrl).toBe(`${video.downloadUrl}?inline=1`);
    expect(video.qualities![1]!.mediaUrl).toBe(video.mediaUrl);
  });

  it('gives each quality its size: a HEAD’s length for a file, the tracks’ lengths summed for a joined one', () => {
    const measured = dashRaw();
    const video = measured.items[1]!;
    measured.sizes = { [video.qualities[0]!.url]: 26_000_000, [video.audioUrl!]: 1_000_000, [video.qualities[1]!.url]: 9_876_543, [measured.items[0]!.url]: 123_456 };
    const [photo, presented] = presentResolution(measured, { secret: TEST_SECRET }).items;
    expect(photo).toMatchObject({ bytes: 123_456 });
    expect(presented!.qualities!.map((q) => [q.bytes, q.approxBytes])).toEqual([
      [undefined, 27_000_000],
      [9_876_543, undefined],
    ]);
    expect(presented).toMatchObject({ approxBytes: 27_000_000 });
    // Without the audio track's length, the manifest's estimate stands.
    delete measured.sizes[video.audioUrl!];
    expect(presentResolution(measured, { secret: TEST_SECRET }).items[1]!.qualities![0]!.approxBytes).toBe(27_286_251);
  });

  it('puts the joined track in the ZIP (entry marked x, with its audio)', () => {
    const zip = payloadOf(presentResolution(dashRaw(), { secret: TEST_SECRET }).zipUrl!);
    expect(zip.i[0]).not.toHaveProperty('x');
    expect(zip.i[1]).toMatchObject({ x: 1, u: expect.stringContaining('dash_1080.mp4'), a: expect.stringContaining('audio.mp4') });
  });

  it('joins nothing for a video without sound: the mux link names the video track alone', () => {
    const silent = dashRaw();
    delete silent.items[1]!.audioUrl;
    const payload = payloadOf(presentResolution(silent, { secret: TEST_SECRET }).items[1]!.downloadUrl);
    expect(payload.t).toBe('x');
    expect(payload).not.toHaveProperty('a');
  });
});
