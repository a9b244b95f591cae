/**
 * The browser tests' server: the real app on the production build, wired to the fake Instagram upstream
 * (web, api and CDN on loopback ports), with a throwaway data directory. One port above the site, a small
 * control server lets a test switch faults of the fake on for one target (shortcode, username or id),
 * so tests that run in parallel each break only their own target.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { RawResolution } from '../../src/server/extract/raw.ts';
import { MemoryResolutionCache } from '../../src/server/store/resolution-cache.ts';
import { startFakeInstagram, type Fault } from '../fake-instagram/index.ts';
import type { FaultSetting } from '../fake-instagram/cdn.ts';
import { e2eDataDir } from './data-dir.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const fake = await startFakeInstagram();
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });

const env: Record<string, string> = {
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DOWNLOAD_SECRET: 'e2e-secret-e2e-secret-e2e-secret-123',
  IG_WEB_ORIGIN: fake.webOrigin,
  IG_STATIC_ORIGIN: fake.staticOrigin,
  MEDIA_TEST_ORIGINS: fake.cdnOrigin,
  IG_SESSIONID: 'fake',
  // Threads' face of the fake (issue 40): its post pages, GraphQL and bundles.
  THREADS_WEB_ORIGIN: fake.threadsOrigin,
  THREADS_EGRESS_PER_MIN: '1000000',
  // Posts are looked up logged out, as most instances run them (with a session, media-info sees past a login wall,
  // and the login-wall page could not be shown); the session serves stories, highlights and full-size pictures.
  IG_STRATEGIES: 'graphql-web-info,polaris-media,permalink,embed',
  // The optional third-party providers too, as the spec's product used them: they are the last resort
  // after Instagram's own endpoints, and the only path on which an empty answer means "no media".
  AUTOLINK_API_KEY: fake.switches.providerKey,
  AUTOLINK_ORIGIN: fake.providerOrigin,
  STORY_API_KEY: fake.switches.providerKey,
  STORY_API_ORIGIN: fake.providerOrigin,
  // Every test comes from 127.0.0.1: the per-IP limits would otherwise trip across the suite.
  RATE_LIMIT_RESOLVE_PER_MIN: '100000',
  IG_EGRESS_PER_MIN: '1000000',
  RATE_LIMIT_MEDIA_PER_MIN: '100000',
  RATE_LIMIT_CONTACT_PER_HOUR: '1000',
};

const app = await buildApp(loadConfig(env));
await app.listen({ port, host: '127.0.0.1' });
// Two ports above the site, the same site where every lookup needs the challenge solved (challenge.spec.ts).
const challenged = await buildApp(loadConfig({ ...env, PORT: String(port + 2), CHALLENGE_FREE_PER_MIN: '0' }));
await challenged.listen({ port: port + 2, host: '127.0.0.1' });

/**
 * The same app without IG_SESSIONID, three ports above the site, on the same fake: the page of an instance without a
 * live session. A session Instagram turns away is retired for the whole instance (client.ts), so the fake cannot
 * play one username's as expired without taking the session from every parallel test; this twin is started only
 * when a test asks (POST /no-session on the control port → {origin}), so the other specs pay nothing for it.
 */
let noSession: Promise<{ origin: string; close: () => Promise<void> }> | undefined;
const startNoSession = async () => {
  const { IG_SESSIONID: _live, ...withoutSession } = env;
  rmSync(e2eDataDir(port + 3), { recursive: true, force: true });
  const twin = await buildApp(loadConfig({ ...withoutSession, PORT: String(port + 3), DATA_DIR: e2eDataDir(port + 3) }));
  await twin.listen({ port: port + 3, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${port + 3}`, close: () => twin.close() };
};

/**
 * The same app with its cache on a clock a test moves forward (POST /later → {origin}, then POST /later/clock
 * {advanceMs}): what a visitor meets when a page has been shown for long. Only this twin's cached answers age; the
 * process's clock, and so every signed link's expiry, stays true. It listens on a port the system picks.
 */
let cacheClockOffset = 0;
let later: Promise<{ origin: string; close: () => Promise<void> }> | undefined;
const startLater = async () => {
  const dir = `${e2eDataDir(port)}-later`;
  rmSync(dir, { recursive: true, force: true });
  const resolutionCache = new MemoryResolutionCache<RawResolution>(2000, () => Date.now() + cacheClockOffset);
  const twin = await buildApp(loadConfig({ ...env, PORT: '0', DATA_DIR: dir }), { resolutionCache });
  await twin.listen({ port: 0, host: '127.0.0.1' });
  const { port: twinPort } = twin.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${twinPort}`, close: () => twin.close() };
};

const control = createServer((req, res) => {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && req.url === '/status') return reply(200, { fake: true });
  if (req.method === 'POST' && req.url === '/no-session') {
    noSession ??= startNoSession();
    return void noSession.then(({ origin }) => reply(200, { origin }), (err: unknown) => reply(500, { error: String(err) }));
  }
  if (req.method === 'POST' && req.url === '/later') {
    later ??= startLater();
    return void later.then(({ origin }) => reply(200, { origin }), (err: unknown) => reply(500, { error: String(err) }));
  }
  if (req.method !== 'POST' || (req.url !== '/fault' && req.url !== '/cdn-fault' && req.url !== '/later/clock')) return reply(404, { error: 'no such control' });
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    let parsed: { target?: unknown; fault?: unknown };
    try {
      parsed = JSON.parse(body) as { target?: unknown; fault?: unknown };
    } catch {
      return reply(400, { error: 'body is not JSON' });
    }
    if (req.url === '/later/clock') {
      const { advanceMs } = parsed as { advanceMs?: unknown };
      if (typeof advanceMs !== 'number' || advanceMs < 0) return reply(400, { error: 'advanceMs required' });
      cacheClockOffset += advanceMs;
      return reply(200, { offsetMs: cacheClockOffset });
    }
    if (typeof parsed.target !== 'string' || parsed.target === '') return reply(400, { error: 'target required' });
    // A CDN fault: target is a path on the fake CDN (see test/fake-instagram/cdn.ts for the fault kinds).
    if (req.url === '/cdn-fault') {
      fake.cdn!.setFault(parsed.target, (parsed.fault ?? null) as FaultSetting | null);
      return reply(200, { ok: true });
    }
    if (parsed.fault === null) fake.switches.targets.delete(parsed.target);
    else fake.switches.set(parsed.target, parsed.fault as Fault);
    reply(200, { ok: true });
  });
});
await new Promise<void>((resolve) => control.listen(port + 1, '127.0.0.1', resolve));

const stop = () => {
  control.close();
  void Promise.all([app.close(), challenged.close(), fake.close(), noSession?.then((twin) => twin.close()), later?.then((twin) => twin.close())]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
