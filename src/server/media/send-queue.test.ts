/**
 * The kernel's send queue of real loopback connections: it fills while the client reads nothing, and empties once
 * the client reads, for IPv4, IPv4 on an IPv6 listener (::ffff: addresses) and IPv6.
 */
import { existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/media-rig.ts';
import { kernelSendQueue } from './send-queue.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  while (closers.length) closers.pop()!();
});

/** A server that writes `bytes` to its one client, and that client, paused. */
async function pausedPair(listenHost: string, connectHost: string, bytes: number) {
  let accepted: net.Socket | undefined;
  const server = net.createServer((socket) => {
    accepted = socket;
    socket.on('error', () => undefined);
    socket.write(Buffer.alloc(bytes, 7));
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  const client = net.connect((server.address() as AddressInfo).port, connectHost);
  client.pause();
  closers.push(() => {
    client.destroy();
    accepted?.destroy();
    server.close();
  });
  await waitFor(() => accepted !== undefined);
  return { server: accepted!, client };
}

const onLinux = existsSync('/proc/net/tcp');

describe.runIf(onLinux)('kernelSendQueue', () => {
  const cases: [string, string, string][] = [
    ['IPv4', '127.0.0.1', '127.0.0.1'],
    ['IPv4 on an IPv6 listener', '::', '127.0.0.1'],
  ];
  if (existsSync('/proc/net/tcp6')) cases.push(['IPv6', '::1', '::1']);

  it.each(cases)('%s: holds what a paused client has not taken, nothing once it read all', async (_name, listenHost, connectHost) => {
    const size = 8 * 1024 * 1024;
    const { server, client } = await pausedPair(listenHost, connectHost, size);
    // The kernel took part of the write and keeps it: the client's TCP has not acknowledged it.
    await waitFor(() => (kernelSendQueue(server, 0) ?? 0) > 64 * 1024);
    let received = 0;
    client.on('data', (chunk: Buffer) => (received += chunk.length));
    client.resume();
    await waitFor(() => received === size);
    await waitFor(() => kernelSendQueue(server, 0) === 0);
  });

  it('knows nothing of a socket that is not connected', () => {
    expect(kernelSendQueue(new net.Socket(), 0)).toBeUndefined();
  });
});
