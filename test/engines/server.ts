/**
 * Vitest global setup: one server for every engine. test/e2e/serve.ts (the Playwright suite's server: the real app
 * on the production build, wired to the fake Instagram) on ENGINES_PORT, stopped when the suite ends.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const PORT = Number(process.env.ENGINES_PORT ?? 4473);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build/client');

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string;
    buildDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(path.join(BUILD_DIR, 'index.html'))) throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  const origin = `http://127.0.0.1:${PORT}`;
  // Another process on the port would answer our health checks: refuse rather than test someone else's server.
  if (await fetch(`${origin}/healthz`).then(() => true, () => false)) throw new Error(`${origin} is already in use: set ENGINES_PORT`);
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/serve.ts'], {
    env: { ...process.env, E2E_PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = () => void server.kill('SIGTERM');
  // Compiling the server with tsx takes seconds, and much longer on a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // Not listening yet: poll again until the deadline.
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`the test server did not start on ${origin} (exit ${server.exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide('origin', origin);
  project.provide('buildDir', BUILD_DIR);
  return stop;
}
