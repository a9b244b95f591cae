/**
 * The download limits on the real app with real sockets: a client that stops reading is cut off after the
 * stall timeout with the CDN socket released, and one IP gets at most MEDIA_MAX_STREAMS_PER_IP downloads at
 * once (429 with Retry-After past it), also across two instances sharing a real Redis.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeCdn, type FakeCdn } from '../../../test/fake-instagram/cdn.ts';
import { startMediaRig, waitFor, type MediaRig } from '../../../test/media-rig.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from '../../../test/redis-server.ts';
import { metricsRegistry } from '../metrics.ts';
import { readinessDetail } from '../../../test/readiness.ts';

const BIG = 100 * 1024 * 1024;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A client that reads the response head and then stops reading, as a stalled browser tab does. */
interface PausedDownload {
  status: number;
  closed: () => boolean;
  /** Read again until the server ends the connection; resolves with the bytes received in all. */
  drain(): Promise<number>;
  destroy(): void;
}

function pausedDownload(base: string, path: string, address?: string): Promise<PausedDownload> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    let closed = false;
    let received = 0;
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      const forwarded = address ? `X-Forwarded-For: ${address}\r\n` : '';
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${forwarded}Connection: close\r\n\r\n`);
    });
    socket.once('data', (chunk) => {
      socket.pause();
      received += chunk.length;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]);
      const drain = () =>
        new Promise<number>((done) => {
          socket.on('data', (more: Buffer) => (received += more.length));
          socket.on('error', () => undefined);
          if (closed) done(received);
          socket.once('close', () => done(received));
          socket.resume();
        });
      resolve({ status, closed: () => closed, drain, destroy: () => socket.destroy() });
    });
    socket.once('close', () => (closed = true));
    socket.once('error', reject);
  });
}

async function counter(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  const matching = (metric?.values ?? []).filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value));
  return matching.reduce((sum, v) => sum + Number(v.value), 0);
}

async function rig(env: Record<string, string>, cdn?: FakeCdn): Promise<MediaRig> {
  const started = await startMediaRig({ env, cdn });
  closers.push(() => started.close());
  return started;
}

describe('stall timeout', () => {
  it('ends a download whose client stopped reading, and frees the CDN socket', async () => {
    const media = await rig({ MEDIA_STALL_TIMEOUT_MS: '400' });
    const stallsBefore = await counter('gramsave_stream_stalls_total');
    const socketsBefore = media.cdn.openSockets();
    const download = await pausedDownload(media.base, media.mediaPath(media.cdn.urlFor(`/big/${BIG}/stall.mp4`)));
    expect(download.status).toBe(200);
    await waitFor(() => media.cdn.openSockets() > socketsBefore);
    // A paused socket does not see the server hang up; the CDN side shows it, and the stall counter.
    await waitFor(() => media.cdn.openSockets() <= socketsBefore, 5000);
    expect(await counter('gramsave_stream_stalls_total')).toBe(stallsBefore + 1);
    // Reading again, the client gets what was buffered before the cut, then the end of the connection.
    expect(await download.drain()).toBeLessThan(BIG);
    // Far less than the file left the CDN: the cut came from the stall, not the end of the download.
    expect(media.cdn.counts.bodyBytes).toBeLessThan(BIG / 2);
  });

  it('leaves a client that keeps reading alone', async () => {
    const media = await rig({ MEDIA_STALL_TIMEOUT_MS: '300' });
    const res = await media.get(media.mediaPath(media.cdn.urlFor(`/big/${20 * 1024 * 1024}/steady.mp4`)));
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(20 * 1024 * 1024);
  });
});

describe('open downloads per client IP', () => {
  it('answers 429 with Retry-After past the cap, and admits again when one ends', async () => {
    const media = await rig({ MEDIA_MAX_STREAMS_PER_IP: '2' });
    const refusalsBefore = await counter('gramsave_stream_refusals_total');
    const path = (n: number) => media.mediaPath(media.cdn.urlFor(`/big/${BIG}/cap-${n}.mp4`));
    const first = await pausedDownload(media.base, path(1));
    const second = await pausedDownload(media.base, path(2));
    expect([first.status, second.status]).toEqual([200, 200]);
    const refused = await media.get(path(3));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json().error.code).toBe('rate_limited');
    const zipToken = media.sign({ t: 'z', n: 'x.zip', e: Math.floor(Date.now() / 1000) + 600, i: [{ u: media.cdn.urlFor('/a.jpg'), f: 'a.jpg' }] });
    expect((await media.get(`/api/v1/zip/${zipToken}`)).status).toBe(429);
    expect(await counter('gramsave_stream_refusals_total')).toBe(refusalsBefore + 2);
    first.destroy();
    await waitFor(() => first.closed());
    let admitted = 0;
    for (let i = 0; i < 50 && admitted !== 200; i++) {
      const again = await media.get(media.mediaPath(media.cdn.urlFor('/small.jpg'), { k: 'image', f: 'a.jpg' }));
      admitted = again.status;
      if (admitted !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(admitted).toBe(200);
    second.destroy();
  });

  it.runIf(redisServerAvailable())('holds across two instances sharing Redis', async () => {
    const redis: TestRedis = await startTestRedis();
    closers.push(() => redis.stop());
    const cdn = await startFakeCdn();
    closers.push(() => cdn.close());
    const env = { MEDIA_MAX_STREAMS_PER_IP: '2', REDIS_URL: redis.url };
    const a = await rig(env, cdn);
    const b = await rig(env, cdn);
    // Redis connects in the background (each instance counts alone until then).
    for (const media of [a, b]) {
      const deadline = Date.now() + 5000;
      while (((await readinessDetail(media.app)) as { redis: string }).redis !== 'up') {
        if (Date.now() > deadline) throw new Error('Redis did not come up');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const path = (media: MediaRig, n: number) => media.mediaPath(cdn.urlFor(`/big/${BIG}/shared-${n}.mp4`));
    const first = await pausedDownload(a.base, path(a, 1));
    expect(first.status).toBe(200);
    const second = await pausedDownload(b.base, path(b, 2));
    expect(second.status).toBe(200);
    const third = await a.get(path(a, 3));
    expect(third.status).toBe(429);
    const fourth = await b.get(path(b, 4));
    expect(fourth.status).toBe(429);
    first.destroy();
    second.destroy();
  });
});

describe('the ceiling on all open downloads (MEDIA_MAX_STREAMS)', () => {
  it('answers 429 rate_limited from the instance with Retry-After past it, whoever asks, and admits again when one ends', async () => {
    const media = await rig({ MEDIA_MAX_STREAMS: '2', MEDIA_MAX_STREAMS_PER_IP: '16', TRUST_PROXY: 'true' });
    const refusalsBefore = await counter('gramsave_stream_refusals_total', { cap: 'instance' });
    const path = (n: number) => media.mediaPath(media.cdn.urlFor(`/big/${BIG}/ceiling-${n}.mp4`));
    const first = await pausedDownload(media.base, path(1), '198.51.100.1');
    const second = await pausedDownload(media.base, path(2), '198.51.100.2');
    expect([first.status, second.status]).toEqual([200, 200]);
    // A third address, with nothing open of its own.
    const refused = await media.get(path(3), { 'x-forwarded-for': '198.51.100.3' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', source: 'instance' });
    expect(await counter('gramsave_stream_refusals_total', { cap: 'instance' })).toBe(refusalsBefore + 1);
    first.destroy();
    await waitFor(() => first.closed());
    let admitted = 0;
    for (let i = 0; i < 50 && admitted !== 200; i++) {
      const again = await media.get(media.mediaPath(media.cdn.urlFor('/small.jpg'), { k: 'image', f: 'a.jpg' }), { 'x-forwarded-for': '198.51.100.3' });
      admitted = again.status;
      if (admitted !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(admitted).toBe(200);
    second.destroy();
  });
});
