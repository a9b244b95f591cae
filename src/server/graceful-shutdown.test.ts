/**
 * SIGTERM to a real server process (src/server/main.ts in a child) in the middle of a slow download:
 * new connections are refused at once, the download completes byte for byte, the process exits 0; one that cannot finish
 * is cut at the drain deadline (SHUTDOWN_DEADLINE_MS), still exiting 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCdn, type FakeCdn } from '../../test/fake-instagram/cdn.ts';
import { freePort } from '../../test/redis-server.ts';
import { signMediaToken } from './media/token.ts';

const SECRET = 'shutdown-secret-0123456789-abcdefghijklmn';
const SIZE = 24_000_000;
const FILE = `/scontent.cdninstagram.com/v/shutdown/big/${SIZE}/video.mp4`;

let cdn: FakeCdn;
let dir: string;
const servers: Server[] = [];

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** A real server process (src/server/main.ts), started and listening. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DOWNLOAD_SECRET: SECRET,
      MEDIA_TEST_ORIGINS: cdn.origin,
      DATA_DIR: dir,
      BUILD_DIR: path.join(dir, 'no-build'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => output, exited };
  servers.push(server);
  const deadline = Date.now() + 60_000; // tsx compiles the server first: seconds, many more on a busy machine
  while (!(await connects(port))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

beforeAll(async () => {
  cdn = await startFakeCdn();
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-shutdown-'));
});

afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  await cdn.close();
  rmSync(dir, { recursive: true, force: true });
});

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const mediaPath = () => {
  const token = signMediaToken(SECRET, { t: 'm', k: 'video', u: cdn.urlFor(FILE), f: 'video.mp4', e: Math.floor(Date.now() / 1000) + 600 });
  return `/api/v1/media/${token}?download=1`;
};

describe('graceful shutdown (SIGTERM)', () => {
  it('refuses new connections, finishes the in-flight download, exits 0', { timeout: 90_000 }, async () => {
    const { child, port, output, exited } = await startServer();

    let received = 0;
    const done = new Promise<{ status: number; received: number; complete: boolean }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: mediaPath(), agent: false }, (res) => {
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // Read slowly from the start: the download is still in flight when the signal arrives.
          if (received < SIZE) {
            res.pause();
            setTimeout(() => res.resume(), received < 1_000_000 ? 20 : 0);
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, received, complete: res.complete }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });

    while (received < 200_000) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGTERM');
    // New connections are refused while the download is still in flight (the signal's handling waits for a busy CPU).
    const refusedBy = Date.now() + 10_000;
    while ((await connects(port)) && Date.now() < refusedBy) await new Promise((r) => setTimeout(r, 50));
    expect(await connects(port)).toBe(false);
    expect(received).toBeLessThan(SIZE);

    const result = await done;
    expect(result).toEqual({ status: 200, received: SIZE, complete: true });
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
    expect(output()).toContain('shutdown complete');
  });

  it('cuts what is left at SHUTDOWN_DEADLINE_MS and still exits 0', { timeout: 90_000 }, async () => {
    const { child, port, output, exited } = await startServer({ SHUTDOWN_DEADLINE_MS: '1500' });
    let received = 0;
    let reading: http.IncomingMessage | undefined;
    let stalled = true;
    const closed = new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: mediaPath(), agent: false }, (res) => {
        reading = res;
        res.on('error', () => undefined); // the cut, expected
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (stalled) res.pause(); // a client that stops reading: the download cannot finish by itself
        });
      });
      req.on('error', () => undefined);
      req.on('socket', (socket) => socket.once('close', () => resolve()));
    });
    while (received === 0) await new Promise((r) => setTimeout(r, 10));
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const took = Date.now() - signalled;
    stalled = false;
    reading!.resume(); // read what came before the cut, then its end
    await closed;
    expect(received).toBeLessThan(SIZE);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(8000); // the default deadline is 25 s
    expect(output()).toContain('"deadlineMs":1500');
  });
});
