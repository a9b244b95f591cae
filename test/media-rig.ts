/**
 * Test rig for the media and zip routes: the real app on a loopback port, configured to fetch from a
 * fake CDN (MEDIA_TEST_ORIGINS), and a helper to sign tokens the way the resolver will.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Agent, request } from 'undici';
import { startFakeCdn, type FakeCdn } from './fake-instagram/cdn.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import type { MediaUpstreamOptions } from '../src/server/media/proxy/proxy.ts';
import { signMediaToken, type MediaTokenPayload } from '../src/server/media/token.ts';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

export interface MediaRig {
  app: FastifyInstance;
  /** http://127.0.0.1:{port} of the app. */
  base: string;
  cdn: FakeCdn;
  /** Client for requests to the app (closed with the rig). */
  client: Agent;
  sign(payload: MediaTokenPayload): string;
  /** A single-file token for a CDN URL; `e` defaults to an hour ahead. */
  mediaPath(url: string, options?: { k?: 'video' | 'image' | 'audio'; f?: string; e?: number }): string;
  get(pathAndQuery: string, headers?: Record<string, string>, method?: 'GET' | 'HEAD'): Promise<RigResponse>;
  close(): Promise<void>;
}

export interface RigResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = { error: { code: string; message: string } }>(): T;
}

export interface MediaRigOptions {
  upstream?: MediaUpstreamOptions;
  cdn?: FakeCdn;
  env?: Record<string, string>;
  /** Collects the app's log lines at warn level and above (parsed JSON). */
  warnings?: Record<string, unknown>[];
}

export async function startMediaRig(options: MediaRigOptions = {}): Promise<MediaRig> {
  const cdn = options.cdn ?? (await startFakeCdn());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    BUILD_DIR: path.join(dir, 'no-build'),
    DOWNLOAD_SECRET: TEST_SECRET,
    MEDIA_HOSTS: '*.cdninstagram.com,*.fbcdn.net',
    MEDIA_TEST_ORIGINS: cdn.origin,
    RATE_LIMIT_MEDIA_PER_MIN: '100000',
    ...options.env,
  });
  const warnings = options.warnings;
  const logger = warnings ? createLogger('warn', { write: (line: string) => void warnings.push(JSON.parse(line)) }) : undefined;
  const app = await buildApp(config, { mediaUpstream: options.upstream, ...(logger ? { logger } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const client = new Agent({ keepAliveTimeout: 1000 });
  const sign = (payload: MediaTokenPayload) => signMediaToken(TEST_SECRET, payload);

  return {
    app,
    base,
    cdn,
    client,
    sign,
    mediaPath(url, o = {}) {
      const token = sign({ t: 'm', k: o.k ?? 'video', u: url, f: o.f ?? 'instagram-video-2024-05-01T10-00-00-000Z.mp4', e: o.e ?? now() + 3600 });
      return `/api/v1/media/${token}`;
    },
    async get(pathAndQuery, headers = {}, method = 'GET') {
      const res = await request(base + pathAndQuery, { dispatcher: client, headers, method });
      const body = Buffer.from(await res.body.arrayBuffer());
      return { status: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
    },
    async close() {
      await client.destroy();
      await app.close();
      if (!options.cdn) await cdn.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
