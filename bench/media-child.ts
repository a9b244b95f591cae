/**
 * One side of the media benchmark in its own process (so the server's memory is measured alone):
 * `cdn` runs the fake CDN, `app` runs the real app fetching from it, `relay` a bare TCP relay to the CDN (each
 * client connection piped to its own CDN connection: the least work any Node proxy can do per byte, the
 * machine's limit the proxy is measured against). Talks to bench/media.ts over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFakeCdn } from '../test/fake-instagram/cdn.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

export type ChildMessage = { type: 'ready'; url: string } | { type: 'rss'; current: number; peak: number; cpuMs: number };
export type ParentMessage = { type: 'rss-reset' } | { type: 'rss-report' } | { type: 'stop' };

const send = (message: ChildMessage) => process.send?.(message);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** files: `cdnPath=filePath` pairs, comma-separated (large real media made by the parent). */
async function runCdn(bytesPerSecond: number | undefined, files = ''): Promise<() => Promise<void>> {
  const cdn = await startFakeCdn(bytesPerSecond ? { bytesPerSecond } : {});
  for (const pair of files.split(',').filter(Boolean)) {
    const [cdnPath, filePath] = pair.split('=');
    cdn.serveFile(cdnPath!, filePath!);
  }
  send({ type: 'ready', url: cdn.origin });
  return () => cdn.close();
}

async function runRelay(cdnOrigin: string): Promise<() => Promise<void>> {
  const cdn = new URL(cdnOrigin);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(cdn.port), cdn.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).on('error', () => undefined);
    upstream.pipe(client).on('error', () => undefined);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  send({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
}

async function runApp(cdnOrigins: string, secret: string): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    BUILD_DIR: path.join(dir, 'no-build'),
    DOWNLOAD_SECRET: secret,
    MEDIA_TEST_ORIGINS: cdnOrigins,
    RATE_LIMIT_MEDIA_PER_MIN: '1000000',
    // One client plays many users here: the per-IP cap on open downloads would refuse the concurrent runs.
    MEDIA_MAX_STREAMS_PER_IP: '100000',
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ type: 'ready', url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  return async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function main() {
  // cdn [bytesPerSecond|0] [cdnPath=file,…] | app {cdnOrigins,comma-separated} {secret} | relay {cdnOrigin}
  const [role, arg1, arg2] = process.argv.slice(2);
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, 25);
  const stop =
    role === 'cdn' ? await runCdn(arg1 ? Number(arg1) || undefined : undefined, arg2) : role === 'relay' ? await runRelay(arg1!) : await runApp(arg1!, arg2!);
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'rss-reset') {
      (globalThis as { gc?: () => void }).gc?.();
      peak = process.memoryUsage.rss();
      send({ type: 'rss', current: peak, peak, cpuMs: cpuMs() });
    } else if (message.type === 'rss-report') {
      sample();
      send({ type: 'rss', current: process.memoryUsage.rss(), peak, cpuMs: cpuMs() });
    } else {
      clearInterval(sampler);
      void stop().then(() => process.exit(0));
    }
  });
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
