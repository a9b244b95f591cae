/**
 * No log line carries a secret: real requests with cookies, keys and signed tokens go through the real
 * app (logging at trace level, failures included), and the captured output is searched for every one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamEnv, RIG_SECRET, startApp, type AppRig } from '../../test/app-rig.ts';
import { startFakeCdn, type FakeCdn } from '../../test/fake-instagram/cdn.ts';
import { FIXTURE, POST_ENDPOINTS, startFakeInstagram, type FakeInstagram } from '../../test/fake-instagram/index.ts';
import { redactTokens } from './logger.ts';
import { signMediaToken } from './media/token.ts';

const SESSION_ID = 'ig-session-SECRET-5f1e2d3c4b5a69788796a5b4';
const PROVIDER_KEY = 'rapidapi-key-SECRET-0a9b8c7d6e5f4a3b2c1d';
const CLIENT_COOKIE = 'client-cookie-SECRET-77aa88bb99cc';
const CLIENT_KEY = 'client-rapidapi-SECRET-1234abcd';
const CLIENT_BEARER = 'client-bearer-SECRET-feedface';

let cdn: FakeCdn;
let fake: FakeInstagram;
let rig: AppRig;
beforeAll(async () => {
  cdn = await startFakeCdn();
  fake = await startFakeInstagram({ cdnOrigin: cdn.origin });
  fake.switches.providerKey = PROVIDER_KEY;
  rig = await startApp({
    env: { ...fakeUpstreamEnv(fake), IG_SESSIONID: SESSION_ID, AUTOLINK_ORIGIN: fake.providerOrigin, AUTOLINK_API_KEY: PROVIDER_KEY },
    captureLogs: 'trace',
    mediaUpstream: { headersTimeoutMs: 500, bodyTimeoutMs: 500 },
  });
});
afterAll(async () => {
  await rig.close();
  await fake.close();
  await cdn.close();
});

const clientHeaders = {
  cookie: `sessionid=${CLIENT_COOKIE}; csrftoken=${CLIENT_COOKIE}`,
  'x-rapidapi-key': CLIENT_KEY,
  authorization: `Bearer ${CLIENT_BEARER}`,
};

async function resolve(url: string) {
  const res = await fetch(`${rig.base}/api/v1/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientHeaders },
    body: JSON.stringify({ url }),
  });
  return { status: res.status, body: (await res.json()) as { items?: { downloadUrl: string; previewUrl: string }[]; zipUrl?: string } };
}

/** The CDN URL inside a token (decoded without verifying: the test's own token). */
function cdnUrlsOf(path: string): string[] {
  const token = path.split('/').pop()!.split('?')[0]!;
  const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { u?: string; i?: { u: string }[] };
  return payload.u ? [payload.u] : (payload.i ?? []).map((i) => i.u);
}

describe('log redaction', () => {
  it('redactTokens keeps the route and drops the token', () => {
    expect(redactTokens('/api/v1/media/eyJhYmMi.c2ln?download=1')).toBe('/api/v1/media/[token]?download=1');
    expect(redactTokens('/api/v1/zip/eyJhYmMi.c2ln')).toBe('/api/v1/zip/[token]');
  });

  it('no cookie, key, token or signed CDN URL reaches a log line, on success or failure', async () => {
    const paths: string[] = [];
    // Success: a carousel (media + zip), a profile (avatar), and the provider path (all built-in strategies broken).
    const carousel = await resolve(`https://www.instagram.com/p/${FIXTURE.carousel}/`);
    expect(carousel.status).toBe(200);
    paths.push(...carousel.body.items!.flatMap((i) => [i.downloadUrl, i.previewUrl]), carousel.body.zipUrl!);
    for (const endpoint of POST_ENDPOINTS) fake.switches.break(endpoint, 'garbage');
    const viaProvider = await resolve(`https://www.instagram.com/reel/${FIXTURE.v1Reel}/`);
    expect(viaProvider.status).toBe(200);
    // Failure paths log warnings with details: upstream errors and a provider refusing a key.
    fake.switches.break('autolink', 'provider_error');
    expect((await resolve(`https://www.instagram.com/p/${FIXTURE.v1Image}/`)).status).toBeGreaterThanOrEqual(400);
    fake.reset();
    fake.switches.providerKey = PROVIDER_KEY;
    expect((await resolve(`https://www.instagram.com/stories/${FIXTURE.storyUser}/`)).status).toBeLessThan(500);

    for (const path of paths) {
      const res = await fetch(rig.base + path, { headers: clientHeaders });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    // Media failures: CDN errors, a forged token, an expired one.
    cdn.setFault('*', { kind: 'status', status: 500 });
    const failing = await fetch(rig.base + paths[0]!, { headers: clientHeaders });
    expect(failing.status).toBe(502);
    cdn.clearFaults();
    const expired = signMediaToken(RIG_SECRET, { t: 'm', k: 'image', u: cdn.urlFor('/scontent.cdninstagram.com/x.jpg'), f: 'x.jpg', e: 1 });
    expect((await fetch(`${rig.base}/api/v1/media/${expired}`, { headers: clientHeaders })).status).toBe(410);
    paths.push(`/api/v1/media/${expired}`);

    const logs = rig.logs.join('');
    expect(rig.logs.length).toBeGreaterThan(20);
    expect(logs).toContain('"reqId"'); // lines carry request ids
    expect(logs).toContain('/api/v1/media/[token]'); // the media requests were logged, their tokens not
    expect(logs).toContain('/api/v1/zip/[token]');
    const secrets = [SESSION_ID, PROVIDER_KEY, CLIENT_COOKIE, CLIENT_KEY, CLIENT_BEARER];
    for (const path of paths) {
      const token = path.split('/').pop()!.split('?')[0]!;
      secrets.push(token, token.split('.')[1]!);
      for (const url of cdnUrlsOf(path)) secrets.push(url, new URL(url).search.slice(1));
    }
    for (const secret of secrets) expect(logs.includes(secret), `log output contains ${secret.slice(0, 60)}`).toBe(false);
  });
});
