/**
 * The stall timeout against the real app, a real paused socket and a CDN that sends at a modest pace: our kernel's
 * send buffer keeps taking what the CDN sends for a long time after the client stopped reading (megabytes on
 * loopback), so counting bytes handed to the socket never sees the stall. What counts is what the client took.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeCdn } from '../../../test/fake-instagram/cdn.ts';
import { startMediaRig, waitFor, type MediaRig } from '../../../test/media-rig.ts';

const STALL_MS = 3000;
const FILE = 96 * 1024 * 1024;
/** About a throttled CDN's pace: at it, filling the loopback send buffer takes far longer than a few stall periods. */
const CDN_BYTES_PER_SECOND = 100 * 1024;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function rig(): Promise<MediaRig> {
  const cdn = await startFakeCdn({ bytesPerSecond: CDN_BYTES_PER_SECOND });
  const media = await startMediaRig({ cdn, env: { MEDIA_STALL_TIMEOUT_MS: String(STALL_MS) } });
  closers.push(async () => {
    await media.close();
    await cdn.close();
  });
  return media;
}

/** Sends the GET, reads the response head, and hands back the socket (paused unless `reading`). */
function download(media: MediaRig, path: string): Promise<{ socket: net.Socket; head: string; received: () => number }> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = net.connect(Number(new URL(media.base).port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    });
    closers.push(async () => void socket.destroy());
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve({ socket, head: chunk.toString('latin1').split('\r\n')[0]!, received: () => received });
    });
  });
}

const openConnections = (media: MediaRig) => new Promise<number>((resolve) => media.app.server.getConnections((_err, n) => resolve(n)));

describe('stall timeout with a paused client and a slow CDN', () => {
  it('ends the download on both sides within a few stall periods', async () => {
    const media = await rig();
    const path = media.mediaPath(media.cdn.urlFor(`/big/${FILE}/paused.mp4`));
    const { socket, head, received } = await download(media, path);
    expect(head).toBe('HTTP/1.1 200 OK');
    const pausedAt = Date.now();
    expect(media.cdn.activeResponses()).toBe(1);

    // The server hangs up (a paused client does not see it; the server's own count does) ...
    let connections = 1;
    const deadline = pausedAt + 4 * STALL_MS;
    while (connections > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      connections = await openConnections(media);
    }
    expect(connections, `still open ${Date.now() - pausedAt} ms after the client stopped reading`).toBe(0);
    // ... and the CDN's request and socket end with it.
    await waitFor(() => media.cdn.activeResponses() === 0 && media.cdn.openSockets() === 0, STALL_MS);

    // Reading again, the client gets what was buffered before the cut, then the end of the connection.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume();
    await closed;
    expect(received()).toBeLessThan(FILE);
  }, 30_000);

  it('leaves a client alone that reads slowly but steadily', async () => {
    const media = await rig();
    const path = media.mediaPath(media.cdn.urlFor(`/big/${FILE}/slow-reader.mp4`));
    const { socket, received } = await download(media, path);
    // A sip every half stall period for three stall periods: never a stall period without a byte.
    for (let i = 0; i < 6; i++) {
      const before = received();
      socket.resume();
      await waitFor(() => received() > before, STALL_MS);
      socket.pause();
      await new Promise((r) => setTimeout(r, STALL_MS / 2));
    }
    expect(await openConnections(media)).toBe(1);
    expect(media.cdn.activeResponses()).toBe(1);
  }, 30_000);
});
