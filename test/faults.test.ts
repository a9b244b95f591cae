/**
 * Faults upstream (every fault switch of the fake Instagram and its CDN, an upstream hanging mid-body,
 * the CDN closing mid-stream) → clean errors to the client, and nothing left behind: no socket to the
 * fake CDN and no file descriptor outlives the request that opened it.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/shared/api.ts';
import { signMediaToken } from '../src/server/media/token.ts';
import { fakeUpstreamEnv, RIG_SECRET, startApp, type AppRig } from './app-rig.ts';
import { fakeFileSize } from './fake-instagram/cdn-bytes.ts';
import { startFakeCdn, type FakeCdn, type FaultSetting } from './fake-instagram/cdn.ts';
import { FIXTURE, POST_ENDPOINTS, startFakeInstagram, type Fault, type FakeInstagram } from './fake-instagram/index.ts';

const PROVIDER_KEY = 'faults-provider-key-0123456789';
const VIDEO = '/scontent.cdninstagram.com/v/t50/faults/big/3000000/video.mp4';

let cdn: FakeCdn;
let fake: FakeInstagram;
let rig: AppRig;

beforeAll(async () => {
  cdn = await startFakeCdn();
  fake = await startFakeInstagram({ cdnOrigin: cdn.origin });
  fake.switches.providerKey = PROVIDER_KEY;
  rig = await startApp({
    env: {
      ...fakeUpstreamEnv(fake),
      AUTOLINK_ORIGIN: fake.providerOrigin,
      AUTOLINK_API_KEY: PROVIDER_KEY,
      RATE_LIMIT_RESOLVE_PER_MIN: '100000',
      RATE_LIMIT_MEDIA_PER_MIN: '100000',
    },
    mediaUpstream: { headersTimeoutMs: 600, bodyTimeoutMs: 600 },
    resolveTimeouts: { requestMs: 600, deadlineMs: 2500 },
  });
});

afterAll(async () => {
  await rig?.close();
  await fake?.close();
  await cdn?.close();
});

const openFds = () => readdirSync('/proc/self/fd').length;

async function settle(check: () => boolean, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

async function resolve(url: string) {
  const res = await fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  return { status: res.status, body: (await res.json()) as { error?: { code: keyof typeof ERROR_STATUS; message: string } } };
}

function expectCleanError(answer: { status: number; body: { error?: { code: string; message: string } } }, label: string) {
  expect(answer.body.error, label).toBeDefined();
  const code = answer.body.error!.code as keyof typeof ERROR_STATUS;
  expect(Object.keys(ERROR_STATUS), label).toContain(code);
  expect(code, label).not.toBe('internal');
  expect([ERROR_STATUS[code], 504], label).toContain(answer.status);
  expect(answer.body.error!.message.length, label).toBeGreaterThan(0);
}

const mediaPath = (cdnPath: string) =>
  `/api/v1/media/${signMediaToken(RIG_SECRET, { t: 'm', k: 'video', u: cdn.urlFor(cdnPath), f: 'v.mp4', e: Math.floor(Date.now() / 1000) + 600 })}`;

describe('fake Instagram fault switches → clean API errors', () => {
  const ERROR_FAULTS: Fault[] = ['not_found', 'private', 'login_redirect', 'require_login', 'rate_limited', 'server_error', 'garbage', 'null_media', 'reset'];

  it.each(ERROR_FAULTS)('target fault %s', async (fault) => {
    fake.reset();
    fake.switches.providerKey = PROVIDER_KEY;
    fake.switches.set(FIXTURE.v1Image, fault);
    fake.switches.break('autolink', 'provider_error');
    const answer = await resolve(`https://www.instagram.com/p/${FIXTURE.v1Image}/`);
    expectCleanError(answer, String(fault));
  });

  it.each(['provider_error', 'empty'] as const)('every built-in strategy broken, provider fault %s', async (fault) => {
    fake.reset();
    fake.switches.providerKey = PROVIDER_KEY;
    for (const endpoint of POST_ENDPOINTS) fake.switches.break(endpoint, 'garbage');
    fake.switches.break('autolink', fault);
    expectCleanError(await resolve(`https://www.instagram.com/p/${FIXTURE.v1Reel}/`), fault);
  });

  it('an upstream slower than the deadline → 504 upstream_unavailable, in time', async () => {
    fake.reset();
    fake.switches.providerKey = PROVIDER_KEY;
    fake.switches.mediaInfoNeedsSession = false; // else that strategy's quick 'login required' outranks the timeouts
    fake.switches.set(FIXTURE.v1Carousel, { delayMs: 5000 });
    const started = Date.now();
    const answer = await resolve(`https://www.instagram.com/p/${FIXTURE.v1Carousel}/`);
    expectCleanError(answer, 'delay');
    expect(answer.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("expired CDN URLs still resolve (the answer is not cached)", async () => {
    fake.reset();
    fake.switches.providerKey = PROVIDER_KEY;
    fake.switches.set(FIXTURE.igtv, 'expired');
    const answer = await resolve(`https://www.instagram.com/tv/${FIXTURE.igtv}/`);
    expect([200, 410]).toContain(answer.status);
    if (answer.status !== 200) expectCleanError(answer, 'expired');
  });
});

describe('fake CDN faults → clean errors or cut downloads, nothing leaked', () => {
  let fdsBefore = 0;
  let socketsBefore = 0;

  beforeAll(async () => {
    fake.reset();
    // Warm up: one complete download, so the agent's kept-alive socket is in the baseline.
    const res = await fetch(rig.base + mediaPath(VIDEO));
    expect((await res.arrayBuffer()).byteLength).toBe(fakeFileSize(VIDEO));
    socketsBefore = cdn.openSockets();
    fdsBefore = openFds();
  });

  const BEFORE_FIRST_BYTE: [string, FaultSetting, number][] = [
    ['CDN 500', { kind: 'status', status: 500 }, 502],
    ['CDN 404', { kind: 'status', status: 404 }, 404],
    ['CDN 403 signature expired', { kind: 'status', status: 403, body: 'URL signature expired' }, 410],
    ['CDN silent past the headers timeout', { kind: 'slow-first-byte', delayMs: 1500 }, 504],
    ['redirect to a host off the allow-list', { kind: 'redirect', location: 'http://169.254.169.254/latest/' }, 502],
  ];

  it.each(BEFORE_FIRST_BYTE)('%s → a JSON error', async (_label, fault, status) => {
    cdn.setFault('*', { ...fault, times: 1 });
    const res = await fetch(rig.base + mediaPath(VIDEO));
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).not.toBe('internal');
  });

  it.each([
    ['hanging mid-body', { kind: 'hang-mid-body', afterBytes: 200_000 }],
    ['closing mid-stream', { kind: 'close-mid-stream', afterBytes: 200_000 }],
  ] as [string, FaultSetting][])('the CDN %s → the client sees a cut download, not a complete one', async (_label, fault) => {
    cdn.setFault('*', { ...fault, times: 1 });
    const res = await fetch(rig.base + mediaPath(VIDEO));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(fakeFileSize(VIDEO)));
    const outcome = await res.arrayBuffer().then(
      (body) => `complete:${body.byteLength}`,
      (err: unknown) => `cut:${(err as Error).name}`,
    );
    expect(outcome).toMatch(/^cut:/);
  });

  it('a ZIP whose item breaks mid-stream once resumes it and completes, never hangs', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = signMediaToken(RIG_SECRET, {
      t: 'z',
      n: 'instagram-faults-zip',
      e: now + 600,
      i: [
        { u: cdn.urlFor('/scontent.cdninstagram.com/v/zip/a.jpg'), f: 'a.jpg' },
        { u: cdn.urlFor('/scontent.cdninstagram.com/v/zip/b.jpg'), f: 'b.jpg' },
      ],
    });
    const path = '/scontent.cdninstagram.com/v/zip/b.jpg';
    cdn.setFault(path, { kind: 'close-mid-stream', afterBytes: 1000, times: 1 });
    const before = cdn.counts.byPath.get(path) ?? 0;
    const res = await fetch(`${rig.base}/api/v1/zip/${token}`);
    expect(res.status).toBe(200);
    const outcome = await res.arrayBuffer().then(
      (body) => (Buffer.from(body).includes('missing.txt') ? 'missing-listed' : 'complete'),
      () => 'cut',
    );
    expect(outcome).toBe('complete');
    // Its size (HEAD, for the announced length), the break, then one Range request from where it stopped.
    expect(cdn.counts.byPath.get(path)! - before).toBe(3);
  });

  it('leaves no socket to the CDN and no file descriptor behind', async () => {
    cdn.clearFaults();
    // Kept-alive sockets are allowed (the baseline has one); faulted ones must be gone.
    expect(await settle(() => cdn.openSockets() <= Math.max(socketsBefore, 1))).toBe(true);
    expect(await settle(() => openFds() <= fdsBefore + 2), `fds ${openFds()} vs ${fdsBefore} before`).toBe(true);
    // And the app still serves a full download.
    const res = await fetch(rig.base + mediaPath(VIDEO));
    expect((await res.arrayBuffer()).byteLength).toBe(fakeFileSize(VIDEO));
  });
});
