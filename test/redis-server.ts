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

/**
 * Until the server on `port` answers as process `pid`: a free port handed out by the kernel can be taken by another
 * test's server (or a connection's local end) before ours binds it; ours then exits, and a PING alone would have been
 * answered by the other's server, which its own test stops under us (a suite run met it as counts read from nowhere).
 */
async function waitForServer(port: number, pid: number | undefined, exited: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) return false;
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end('INFO server\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.once('error', () => resolve(''));
      socket.once('close', () => resolve(text));
    });
    const answeredPid = /process_id:(\d+)/.exec(answer)?.[1];
    if (answeredPid !== undefined) return Number(answeredPid) === pid;
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTestRedisOn(await freePort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error;
    }
  }
}

export class PortTaken extends Error {}

export async function startTestRedisOn(port: number): Promise<TestRedis> {
  let child: ChildProcess | undefined;
  const handle: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      // Once only: a second spawn on the same port fails to bind, and the first would be left running for good.
      if (child && child.exitCode === null) return;
      const spawned = spawn(REDIS_SERVER_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      child = spawned;
      const ours = await waitForServer(port, spawned.pid, () => spawned.exitCode !== null || spawned.signalCode !== null, 5000);
      if (!ours) {
        await handle.stop();
        throw new PortTaken(`port ${port} was taken before redis-server bound it`);
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
  await handle.start();
  return handle;
}
