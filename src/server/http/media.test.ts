import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEtag, fakeFileBytes, fakeFileSize } from '../../../test/fake-instagram/cdn-bytes.ts';
import { signMediaToken } from '../media/token.ts';
import { now, startMediaRig, waitFor, type MediaRig } from '../../../test/media-rig.ts';

const VIDEO = '/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/AQN_video.mp4';
const PHOTO = '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/449_n.jpg';

let rig: MediaRig;
beforeAll(async () => {
  rig = await startMediaRig({ upstream: { headersTimeoutMs: 400, bodyTimeoutMs: 400 } });
});
afterAll(async () => rig.close());
beforeEach(() => rig.cdn.clearFaults());

describe('GET /api/v1/media/{token}', () => {
  it('streams the file inline with the CDN validators and our CORP and caching', async () => {
    const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(VIDEO)), { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.body.equals(fakeFileBytes(VIDEO))).toBe(true);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(fakeFileSize(VIDEO)));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['etag']).toBe(fakeEtag(VIDEO));
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="instagram-video-2024-05-01T10-00-00-000Z.mp4"; filename*=UTF-8''instagram-video-2024-05-01T10-00-00-000Z.mp4`,
    );
  });

  it('answers ?download=1 as an attachment named from the token (RFC 6266 filename* too)', async () => {
    const path = rig.mediaPath(rig.cdn.urlFor(PHOTO), { k: 'image', f: 'instagram-photo-ñandú.jpg' });
    const res = await rig.get(`${path}?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="instagram-photo-_and_.jpg"; filename*=UTF-8''instagram-photo-%C3%B1and%C3%BA.jpg`);
    expect(res.body.equals(fakeFileBytes(PHOTO))).toBe(true);
  });

  it('forwards Range: start, middle, suffix, open end', async () => {
    const path = rig.mediaPath(rig.cdn.urlFor(VIDEO));
    const whole = fakeFileBytes(VIDEO);
    const size = whole.length;
    const cases: [string, number, number][] = [
      ['bytes=0-1023', 0, 1023],
      ['bytes=100000-250000', 100000, 250000],
      ['bytes=-5000', size - 5000, size - 1],
      [`bytes=${size - 7}-`, size - 7, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await rig.get(path, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.body.equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with Content-Range for an unsatisfiable range, and ignores what it cannot forward', async () => {
    const path = rig.mediaPath(rig.cdn.urlFor(VIDEO));
    const size = fakeFileSize(VIDEO);
    const res = await rig.get(path, { range: `bytes=${size + 10}-` });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.code).toBe('bad_request');
    // Several ranges are not forwarded: the whole file, 200.
    const multi = await rig.get(path, { range: 'bytes=0-1,5-9' });
    expect(multi.status).toBe(200);
    expect(multi.body.length).toBe(size);
  });

  it('forwards If-Range and the conditionals', async () => {
    const path = rig.mediaPath(rig.cdn.urlFor(VIDEO));
    const fresh = await rig.get(path, { range: 'bytes=0-9', 'if-range': fakeEtag(VIDEO) });
    expect(fresh.status).toBe(206);
    const stale = await rig.get(path, { range: 'bytes=0-9', 'if-range': '"changed"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(fakeFileSize(VIDEO));
    const cached = await rig.get(path, { 'if-none-match': fakeEtag(VIDEO) });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.headers['etag']).toBe(fakeEtag(VIDEO));
  });

  it('answers HEAD with the headers only, asking the CDN for headers only', async () => {
    const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(VIDEO)), {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(fakeFileSize(VIDEO)));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.body.length).toBe(0);
    const range = await rig.get(rig.mediaPath(rig.cdn.urlFor(VIDEO)), { range: 'bytes=0-99' }, 'HEAD');
    expect(range.status).toBe(206);
    expect(range.headers['content-length']).toBe('100');
  });

  it('serves the audio track as .m4a with audio/mp4 whatever the CDN says', async () => {
    const audio = '/scontent.cdninstagram.com/o1/v/t2/f2/m69/audio_dash.mp4';
    const path = rig.mediaPath(rig.cdn.urlFor(audio), { k: 'audio', f: 'instagram-audio-2024-05-01T10-00-00-000Z.m4a' });
    const res = await rig.get(`${path}?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mp4');
    expect(res.headers['content-disposition']).toContain('filename="instagram-audio-2024-05-01T10-00-00-000Z.m4a"');
    expect(res.body.equals(fakeFileBytes(audio))).toBe(true);
  });

  it('downloads every quality through the same route, each its own bytes', async () => {
    const renditions = ['1080x1920', '720x1280', '480x854'].map((q) => `/scontent.cdninstagram.com/v/t50/${q}/reel.mp4`);
    for (const rendition of renditions) {
      const res = await rig.get(`${rig.mediaPath(rig.cdn.urlFor(rendition))}?download=1`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.body.equals(fakeFileBytes(rendition))).toBe(true);
    }
  });

  it('never passes a content type of another kind (no HTML served from our origin)', async () => {
    const odd = '/scontent.cdninstagram.com/v/page.html';
    const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(odd), { k: 'image', f: 'instagram-photo-x.jpg' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});

describe('media tokens', () => {
  const good = () => rig.mediaPath(rig.cdn.urlFor(PHOTO), { k: 'image' }).slice('/api/v1/media/'.length);
  const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

  it('refuses tampered, truncated and forged tokens with 400 JSON, before any upstream request', async () => {
    const token = good();
    const dot = token.indexOf('.');
    const bad = [
      flip(token, 0),
      flip(token, Math.floor(dot / 2)),
      flip(token, dot - 1),
      flip(token, dot + 1),
      flip(token, token.length - 1),
      token.slice(0, -1),
      token.slice(0, dot),
      token.slice(0, dot + 1),
      token.slice(0, Math.floor(token.length / 2)),
      `${token}.x`,
      'not-a-token',
      signMediaToken('another-secret-0123456789-abcdefghijklmnop', { t: 'm', k: 'image', u: rig.cdn.urlFor(PHOTO), f: 'x.jpg', e: now() + 3600 }),
      rig.sign({ t: 'z', n: 'a.zip', e: now() + 3600, i: [{ u: rig.cdn.urlFor(PHOTO), f: 'x.jpg' }] }),
    ];
    const before = rig.cdn.counts.requests;
    for (const candidate of bad) {
      const res = await rig.get(`/api/v1/media/${encodeURIComponent(candidate)}`);
      expect(res.status, candidate).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error.code).toBe('bad_request');
    }
    expect(rig.cdn.counts.requests).toBe(before);
  });

  it('answers 410 expired for an expired token', async () => {
    const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(PHOTO), { e: now() - 1 }));
    expect(res.status).toBe(410);
    expect(res.json().error.code).toBe('expired');
  });
});

describe('upstream failures', () => {
  it('maps the CDN expired signature to 410, 404 to not_found and other errors to 502', async () => {
    const expired = await rig.get(rig.mediaPath(rig.cdn.urlFor(PHOTO, { oeSeconds: now() - 10 })));
    expect(expired.status).toBe(410);
    expect(expired.json().error.code).toBe('expired');

    const cases: [number, number, string][] = [
      [404, 404, 'not_found'],
      [500, 502, 'upstream_unavailable'],
      [503, 502, 'upstream_unavailable'],
      [403, 502, 'upstream_unavailable'],
      [429, 502, 'upstream_unavailable'],
    ];
    for (const [cdnStatus, status, code] of cases) {
      rig.cdn.setFault(PHOTO, { kind: 'status', status: cdnStatus });
      const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(PHOTO)));
      expect(res.status, String(cdnStatus)).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
  });

  it('answers 504 when the CDN is too slow to send headers', async () => {
    rig.cdn.setFault(PHOTO, { kind: 'slow-first-byte', delayMs: 1500 });
    const started = Date.now();
    const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(PHOTO)));
    expect(res.status).toBe(504);
    expect(res.json().error.code).toBe('upstream_unavailable');
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('cuts the client off when the CDN stalls or drops mid-body (headers already sent)', async () => {
    for (const fault of [
      { kind: 'hang-mid-body', afterBytes: 100_000 },
      { kind: 'close-mid-stream', afterBytes: 100_000 },
    ] as const) {
      rig.cdn.setFault(VIDEO, fault);
      const res = await request(rig.base + rig.mediaPath(rig.cdn.urlFor(VIDEO)), { dispatcher: rig.client });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(fakeFileSize(VIDEO)));
      await expect(res.body.arrayBuffer(), fault.kind).rejects.toThrow();
    }
  });
});

describe('rate limit', () => {
  it('limits media requests per client (RATE_LIMIT_MEDIA_PER_MIN) with a JSON 429 and Retry-After', async () => {
    const local = await startMediaRig({ env: { RATE_LIMIT_MEDIA_PER_MIN: '2' } });
    try {
      const path = local.mediaPath(local.cdn.urlFor(PHOTO), { k: 'image' });
      expect((await local.get(path)).status).toBe(200);
      expect((await local.get(path)).status).toBe(200);
      const limited = await local.get(path);
      expect(limited.status).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });
});

describe('client going away', () => {
  it('aborts the upstream download at once, closing the CDN socket (and logs no warning for it)', async () => {
    const warnings: Record<string, unknown>[] = [];
    const local = await startMediaRig({ warnings });
    warnings.length = 0; // start-up notices (no site build in tests)
    const client = new Agent();
    try {
      const big = '/scontent.cdninstagram.com/big/200000000/x.mp4';
      const res = await request(local.base + local.mediaPath(local.cdn.urlFor(big)), { dispatcher: client });
      expect(res.statusCode).toBe(200);
      for await (const _chunk of res.body) break; // one chunk, then leave
      await waitFor(() => local.cdn.openSockets() === 0, 3000);
      expect(local.cdn.counts.bodyBytes).toBeLessThan(50_000_000);

      // Leaving while the CDN has not even answered yet.
      local.cdn.setFault('*', { kind: 'slow-first-byte', delayMs: 3000 });
      const controller = new AbortController();
      const pending = request(local.base + local.mediaPath(local.cdn.urlFor(VIDEO)), { dispatcher: client, signal: controller.signal });
      await waitFor(() => local.cdn.openSockets() === 1, 2000);
      controller.abort();
      await expect(pending).rejects.toThrow();
      const left = Date.now();
      await waitFor(() => local.cdn.openSockets() === 0, 2000);
      expect(Date.now() - left).toBeLessThan(1000);
      expect(warnings).toEqual([]);
    } finally {
      await client.destroy();
      await local.close();
    }
  });

  it('reads from the CDN only as fast as the client reads (backpressure, no buffering)', async () => {
    const local = await startMediaRig();
    const client = new Agent();
    try {
      const big = '/scontent.cdninstagram.com/big/150000000/slow.mp4';
      const res = await request(local.base + local.mediaPath(local.cdn.urlFor(big)), { dispatcher: client, highWaterMark: 16 * 1024 });
      expect(res.statusCode).toBe(200);
      const iterator = res.body[Symbol.asyncIterator]();
      await iterator.next();
      await new Promise((resolve) => setTimeout(resolve, 700)); // the client stops reading
      const sent = local.cdn.counts.bodyBytes;
      expect(sent).toBeLessThan(40_000_000); // socket buffers only, nowhere near 150 MB
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(local.cdn.counts.bodyBytes - sent).toBeLessThan(1_000_000); // and it stays put
      res.body.destroy();
    } finally {
      await client.destroy();
      await local.close();
    }
  });
});
