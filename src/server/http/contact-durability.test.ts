/**
 * Durability: the real server process (src/server/main.ts) takes a burst of contact messages and is
 * SIGKILLed mid-burst; every message it answered 201 must be in the database afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createContactStore } from '../store/contact-messages.ts';
import { openDatabase } from '../store/database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const KILL_AFTER_ACKS = 120;
const WORKERS = 12;

let dir: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-durability-'));
});
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitUntilUp(base: string, proc: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}): ${stderr()}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch (err) {
      if (!(err instanceof TypeError)) throw err; // TypeError: not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up: ${stderr()}`);
}

it('keeps every acknowledged message when the server process is killed mid-burst', { timeout: 90_000 }, async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      BUILD_DIR: path.join(dir, 'no-build'),
      LOG_LEVEL: 'error',
      RATE_LIMIT_CONTACT_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = proc;
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_code, signal) => resolve(signal)));
  await waitUntilUp(base, proc, () => stderr);

  const acknowledged = new Map<number, string>(); // id → message text
  let killed = false;
  let failedRequests = 0;
  let answeredAfterKill = 0;
  let next = 0;
  async function worker(): Promise<void> {
    for (;;) {
      const message = `durability message number ${next++}`;
      let res: Response;
      try {
        res = await fetch(`${base}/api/v1/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Burst', email: 'burst@example.com', message, elapsedMs: 5000 }),
        });
      } catch (err) {
        if (!(err instanceof TypeError)) throw err; // TypeError: connection refused or reset by the kill
        if (!killed) throw new Error(`request failed before the kill: ${String(err.cause ?? err)}; server: ${stderr}`);
        failedRequests++;
        return;
      }
      if (res.status !== 201) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      if (killed) answeredAfterKill++;
      acknowledged.set(id, message);
      if (!killed && acknowledged.size >= KILL_AFTER_ACKS) {
        killed = true;
        proc.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker));
  expect(await exited).toBe('SIGKILL');

  expect(killed).toBe(true);
  expect(failedRequests).toBeGreaterThan(0); // the kill really cut the burst short
  // Answers already on the wire when the process died are acknowledgements too: they must be stored as well.
  expect(answeredAfterKill).toBeLessThan(WORKERS);

  const db = openDatabase(dir);
  try {
    const store = createContactStore(db);
    for (const [id, message] of acknowledged) {
      expect(store.get(id)?.message, `acknowledged message #${id}`).toBe(message);
    }
    expect(store.count()).toBeGreaterThanOrEqual(acknowledged.size);
  } finally {
    db.close();
  }
});
