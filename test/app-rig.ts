/**
 * The real app on a loopback port for the production-readiness tests and the benchmark: a temporary
 * DATA_DIR, a fixed DOWNLOAD_SECRET (so instances accept each other's tokens), optional log capture.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/server/app.ts';
import { loadConfig, type Config } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';

export const RIG_SECRET = 'rig-secret-0123456789-abcdefghijklmnopqrstuv';

export interface AppRig {
  app: FastifyInstance;
  config: Config;
  base: string;
  port: number;
  /** Every log line (raw JSON text) when captureLogs was set. */
  logs: string[];
  close(): Promise<void>;
}

export interface AppRigOptions extends Omit<AppOptions, 'logger'> {
  env?: Record<string, string>;
  /** Capture log lines at this level (default: logs are silent). */
  captureLogs?: 'trace' | 'debug' | 'info' | 'warn';
  port?: number;
  /** Give the app a minimal build (an index.html) so /readyz can pass without `npm run build`. */
  withBuild?: boolean;
}

export async function startApp(options: AppRigOptions = {}): Promise<AppRig> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-rig-'));
  if (options.withBuild) {
    mkdirSync(path.join(dir, 'build'));
    writeFileSync(path.join(dir, 'build', 'index.html'), '<!doctype html><html lang="en"><title>Gramsave</title></html>');
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    BUILD_DIR: path.join(dir, options.withBuild ? 'build' : 'no-build'),
    DOWNLOAD_SECRET: RIG_SECRET,
    ...options.env,
  });
  const logs: string[] = [];
  const logger = options.captureLogs ? createLogger(options.captureLogs, { write: (line: string) => void logs.push(line) }) : undefined;
  const { env: _env, captureLogs: _level, port = 0, withBuild: _build, ...appOptions } = options;
  const app = await buildApp(config, { ...appOptions, logger });
  await app.listen({ port, host: '127.0.0.1' });
  const actualPort = (app.server.address() as AddressInfo).port;
  return {
    app,
    config,
    base: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    logs,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Environment pointing the app at a running fake Instagram (web, api, providers, CDN). */
export function fakeUpstreamEnv(fake: { webOrigin: string; cdnOrigin: string; staticOrigin: string }): Record<string, string> {
  return {
    IG_WEB_ORIGIN: fake.webOrigin,
    IG_STATIC_ORIGIN: fake.staticOrigin,
    MEDIA_TEST_ORIGINS: fake.cdnOrigin,
    // Tests and benchmarks raise the egress budget the way they raise the rate limits.
    IG_EGRESS_PER_MIN: '1000000',
  };
}
