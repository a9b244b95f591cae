import { describe, expect, it } from 'vitest';
import { BLOB_LIMIT_BYTES, fetchMediaFile, filenameFromDisposition, progressPercent, readWithProgress, TooBigForBlob } from './download-fetch.ts';

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
