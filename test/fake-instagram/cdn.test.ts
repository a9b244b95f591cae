import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEtag, fakeFileBytes, fakeFileSize } from './cdn-bytes.ts';
import { startFakeCdn, type FakeCdn } from './cdn.ts';

let cdn: FakeCdn;
const agent = new Agent({ keepAliveTimeout: 1000 });

beforeAll(async () => {
  cdn = await startFakeCdn();
});
afterAll(async () => {
  await agent.close();
  await cdn.close();
});
beforeEach(() => cdn.clearFaults());

async function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const res = await request(url, { dispatcher: agent, headers, method });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, body };
}

const JPG = '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/123_n.jpg';
const MP4 = '/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/abc.mp4';

describe('fake CDN', () => {
  it('serves deterministic bytes with the real CDN headers', async () => {
    const res = await get(cdn.urlFor(JPG));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['etag']).toBe(fakeEtag(JPG));
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    expect(Number(res.headers['content-length'])).toBe(fakeFileSize(JPG));
    expect(fakeFileSize(JPG)).toBeGreaterThanOrEqual(60_000);
    expect(res.body.equals(fakeFileBytes(JPG))).toBe(true);
    const again = await get(cdn.urlFor(JPG));
    expect(again.body.equals(res.body)).toBe(true);
    const other = await get(cdn.urlFor(MP4));
    expect(other.headers['content-type']).toBe('video/mp4');
    expect(other.body.length).toBeGreaterThanOrEqual(400_000);
    // No two 64 KB blocks alike: a proxy that repeated or dropped a block would be caught.
    expect(other.body.subarray(0, 65536).equals(other.body.subarray(65536, 131072))).toBe(false);
  });

  it('sizes files from a /big/{bytes}/ hint and streams them', async () => {
    const path = '/scontent.cdninstagram.com/big/3000001/x.mp4';
    const res = await get(cdn.urlFor(path));
    expect(res.body.length).toBe(3_000_001);
    expect(res.body.equals(fakeFileBytes(path))).toBe(true);
  });

  it('answers ranges: start, middle, suffix, open end, unsatisfiable, If-Range', async () => {
    const size = fakeFileSize(MP4);
    const whole = fakeFileBytes(MP4);
    const first = await get(cdn.urlFor(MP4), { Range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.body.equals(whole.subarray(0, 100))).toBe(true);
    const middle = await get(cdn.urlFor(MP4), { Range: 'bytes=65530-131080' });
    expect(middle.body.equals(whole.subarray(65530, 131081))).toBe(true);
    const suffix = await get(cdn.urlFor(MP4), { Range: 'bytes=-500' });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.body.equals(whole.subarray(size - 500))).toBe(true);
    const open = await get(cdn.urlFor(MP4), { Range: `bytes=${size - 10}-` });
    expect(open.body.length).toBe(10);
    const beyond = await get(cdn.urlFor(MP4), { Range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    const matching = await get(cdn.urlFor(MP4), { Range: 'bytes=10-19', 'If-Range': fakeEtag(MP4) });
    expect(matching.status).toBe(206);
    const stale = await get(cdn.urlFor(MP4), { Range: 'bytes=10-19', 'If-Range': '"other"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(size);
    const notModified = await get(cdn.urlFor(MP4), { 'If-None-Match': fakeEtag(MP4) });
    expect(notModified.status).toBe(304);
  });

  it('answers HEAD with headers only', async () => {
    const res = await get(cdn.urlFor(JPG), {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(fakeFileSize(JPG)));
    expect(res.body.length).toBe(0);
  });

  it('refuses an expired signature like the real CDN', async () => {
    const res = await get(cdn.urlFor(JPG, { oeSeconds: Math.floor(Date.now() / 1000) - 60 }));
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.body.toString()).toBe('URL signature expired');
  });

  it('applies faults: status, redirect, no-length, and clears a counted fault', async () => {
    cdn.setFault(JPG, { kind: 'status', status: 404 });
    expect((await get(cdn.urlFor(JPG))).status).toBe(404);
    cdn.setFault('*', { kind: 'status', status: 500, times: 1 });
    expect((await get(cdn.urlFor(MP4))).status).toBe(500);
    expect((await get(cdn.urlFor(MP4))).status).toBe(200);
    cdn.setFault(MP4, { kind: 'redirect', location: 'http://elsewhere.test/x' });
    const redirect = await get(cdn.urlFor(MP4));
    expect(redirect.status).toBe(302);
    expect(redirect.headers['location']).toBe('http://elsewhere.test/x');
    cdn.setFault(MP4, { kind: 'no-length' });
    const chunked = await get(cdn.urlFor(MP4));
    expect(chunked.headers['content-length']).toBeUndefined();
    expect(chunked.body.equals(fakeFileBytes(MP4))).toBe(true);
  });

  it('delays the first byte, closes mid-stream and hangs mid-body', async () => {
    cdn.setFault(JPG, { kind: 'slow-first-byte', delayMs: 150 });
    const started = Date.now();
    await get(cdn.urlFor(JPG));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    cdn.setFault(MP4, { kind: 'close-mid-stream', afterBytes: 100_000 });
    await expect(get(cdn.urlFor(MP4))).rejects.toThrow();

    cdn.setFault(MP4, { kind: 'hang-mid-body', afterBytes: 1000 });
    const res = await request(cdn.urlFor(MP4), { dispatcher: agent, bodyTimeout: 300 });
    expect(res.statusCode).toBe(200);
    await expect(res.body.arrayBuffer()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });

  it('sends at a given rate when asked to, like a real link', async () => {
    const slow = await startFakeCdn({ bytesPerSecond: 2_000_000 });
    try {
      const path = '/scontent.cdninstagram.com/big/1000000/rate.mp4';
      const started = Date.now();
      const res = await get(slow.urlFor(path));
      expect(res.body.equals(fakeFileBytes(path))).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    } finally {
      await slow.close();
    }
  });

  it('counts requests, connections and open sockets', async () => {
    const fresh = await startFakeCdn();
    const local = new Agent();
    try {
      expect(fresh.openSockets()).toBe(0);
      const res = await request(fresh.urlFor(JPG), { dispatcher: local });
      await res.body.arrayBuffer();
      expect(fresh.counts.requests).toBe(1);
      expect(fresh.counts.connections).toBe(1);
      expect(fresh.counts.byPath.get(JPG)).toBe(1);
      expect(fresh.openSockets()).toBe(1); // kept alive
      await local.close();
      await waitFor(() => fresh.openSockets() === 0);
    } finally {
      await local.destroy();
      await fresh.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
