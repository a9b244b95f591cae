/**
 * A real redis-server for tests and the benchmark: its own free loopback port, no persistence, killed
 * by stop(). start() again brings it back on the same port (to test Redis going away and returning).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** Tests that need Redis skip without it on a developer machine; in CI (which installs it) they always run. */
export function redisServerAvailable(): boolean {
  return existsSync(REDIS_SERVER_BIN) || process.env.CI === 'true';
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end('PING\r\n');
        socket.once('data', (d) => resolve(d.toString().startsWith('+PONG')));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface TestRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const handle: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      // Once only: a second spawn on the same port fails to bind, and the first would be left running for good.
      if (child && child.exitCode === null) return;
      child = spawn(REDIS_SERVER_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitForPort(port, 5000);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
  await handle.start();
  return handle;
}
