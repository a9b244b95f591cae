import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BLOB_LIMIT_BYTES,
  DOWNLOAD_MESSAGES,
  fetchMediaFile,
  TooBigForBlob,
  downloadKindOf,
  filenameFromDisposition,
  prefersDirectDownload,
  progressPercent,
  readWithProgress,
  type BrowserEnv,
} from './download.ts';

const UA = {
  chromeDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  instagramAndroid: 'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 Instagram 312.0.0.0.0 Android',
  facebookIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0]',
  facebookAndroid: 'Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/441.0.0.0;]',
};
const env = (userAgent: string, maxTouchPoints = 0, canSaveBlobs = true): BrowserEnv => ({ userAgent, maxTouchPoints, canSaveBlobs });

describe('prefersDirectDownload', () => {
  it('fetches with progress in ordinary desktop and Android browsers', () => {
    expect(prefersDirectDownload(env(UA.chromeDesktop))).toBe(false);
    expect(prefersDirectDownload(env(UA.chromeAndroid, 5))).toBe(false);
    expect(prefersDirectDownload(env(UA.ipadOs, 0))).toBe(false); // a real Mac has no touch points
  });
  it('navigates to the attachment on iOS, iPadOS and in-app browsers', () => {
    expect(prefersDirectDownload(env(UA.iphoneSafari, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.ipadOs, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.instagramAndroid, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.facebookIos, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.facebookAndroid, 5))).toBe(true);
  });
  it('navigates where blobs cannot be saved', () => {
    expect(prefersDirectDownload(env(UA.chromeDesktop, 0, false))).toBe(true);
  });
});

describe('download kinds and messages', () => {
  it('names photos, videos and reels as the spec does', () => {
    expect(downloadKindOf('image', 'reel', true)).toBe('photo');
    expect(downloadKindOf('video', 'post', false)).toBe('video');
    expect(downloadKindOf('video', 'reel', false)).toBe('reel');
    expect(downloadKindOf('video', 'post', true)).toBe('reel');
  });
  it('uses keys that exist in the English strings, with the spec wording', () => {
    const en = JSON.parse(readFileSync(new URL('../../../content/locales/en/common.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
    const text = (key: string) => en[key.split('.')[0]!]?.[key.split('.')[1]!];
    for (const messages of Object.values(DOWNLOAD_MESSAGES)) {
      for (const key of Object.values(messages)) expect(text(key), key).toEqual(expect.any(String));
    }
    expect(text(DOWNLOAD_MESSAGES.video.progress)).toBe('Downloading video...');
    expect(text(DOWNLOAD_MESSAGES.photo.progress)).toBe('Downloading photo...');
    expect(text(DOWNLOAD_MESSAGES.reel.done)).toBe('Reel downloaded successfully!');
    expect(text(DOWNLOAD_MESSAGES.photo.done)).toBe('Photo downloaded successfully!');
    expect(text(DOWNLOAD_MESSAGES.video.done)).toBe('Video downloaded successfully!');
  });
});

describe('progressPercent', () => {
  it('gives whole percents, capped at 100, and null without a size', () => {
    expect(progressPercent(0, 200)).toBe(0);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(200, 200)).toBe(100);
    expect(progressPercent(300, 200)).toBe(100);
    expect(progressPercent(50, null)).toBeNull();
    expect(progressPercent(50, 0)).toBeNull();
  });
});

describe('filenameFromDisposition', () => {
  it('prefers filename*, then filename, and returns undefined without one', () => {
    expect(filenameFromDisposition(`attachment; filename="instagram-video-2024.mp4"; filename*=UTF-8''instagram-video-2024.mp4`)).toBe('instagram-video-2024.mp4');
    expect(filenameFromDisposition(`attachment; filename="a_b.jpg"; filename*=UTF-8''a%C3%A9b.jpg`)).toBe('aéb.jpg');
    expect(filenameFromDisposition('attachment; filename=plain.jpg')).toBe('plain.jpg');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4; filename="fallback.jpg"`)).toBe('fallback.jpg');
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});

describe('readWithProgress', () => {
  function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  }

  it('reports every chunk against Content-Length and keeps the bytes and type', async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])];
    const response = new Response(streamOf(chunks), { headers: { 'content-length': '6', 'content-type': 'video/mp4' } });
    const seen: [number, number | null][] = [];
    const blob = await readWithProgress(response, (received, total) => seen.push([received, total]));
    expect(seen).toEqual([[3, 6], [5, 6], [6, 6]]);
    expect(blob.type).toBe('video/mp4');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reports an unknown total when the length is missing', async () => {
    const response = new Response(streamOf([new Uint8Array(10)]));
    const seen: (number | null)[] = [];
    const blob = await readWithProgress(response, (_received, total) => seen.push(total));
    expect(seen).toEqual([null]);
    expect(blob.size).toBe(10);
  });
});

describe('what goes to the download manager instead of a blob', () => {
  const answer = (headers: Record<string, string>) => async () => new Response(new Uint8Array(16), { status: 200, headers });
  it('a file over 20 MB, or of unknown size, is not read into page memory', async () => {
    await expect(fetchMediaFile('/x', () => undefined, answer({ 'content-length': String(BLOB_LIMIT_BYTES + 1) }))).rejects.toBeInstanceOf(TooBigForBlob);
    await expect(fetchMediaFile('/x', () => undefined, answer({}))).rejects.toBeInstanceOf(TooBigForBlob);
    const small = await fetchMediaFile('/x', () => undefined, answer({ 'content-length': '16', 'content-type': 'image/jpeg' }));
    expect(small.blob.size).toBe(16);
  });
});
