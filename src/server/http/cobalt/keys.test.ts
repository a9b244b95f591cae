/**
 * cobalt's clients and API keys on the real app against the fake Instagram (issue 39): an instance that requires a
 * key answers a keyless client cobalt's auth code, not a wait; a key file written for cobalt loads as it is and its
 * `allowedServices` is honoured; and a key is judged before any limit, on POST / and on our own routes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

const DISCORD = 'cccccccc-3333-1333-8333-000000000001'; // a version 1 UUID, a name with spaces, a fractional limit
const YOUTUBE_ONLY = 'cccccccc-3333-4333-8333-000000000002';
const FENCED = 'cccccccc-3333-4333-8333-000000000003';
const UNKNOWN = 'cccccccc-3333-4333-8333-0000000000ff';
const POST = `https://www.instagram.com/p/${FIXTURE.image}/`;

function keyFile(keys: object): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gramsave-cobalt-keys-')), 'keys.json');
  writeFileSync(file, JSON.stringify(keys));
  return pathToFileURL(file).href;
}

let required: ResolveRig;
let limited: ResolveRig;
beforeAll(async () => {
  required = await startResolveRig({ env: { API_AUTH_REQUIRED: 'true', API_KEY_URL: keyFile({ [FENCED]: {} }) } });
  // cobalt's own example entries, each refused whole before (the app would not start).
  const keys = keyFile({
    [DISCORD]: { name: 'my discord bot', limit: 2.5, ips: null },
    [YOUTUBE_ONLY]: { name: ['yt'], allowedServices: ['youtube'], limit: 10 },
    [FENCED]: { userAgents: ['fencebot/*'], allowedServices: 'all', limit: 0 },
  });
  limited = await startResolveRig({ env: { API_KEY_URL: keys, RATE_LIMIT_RESOLVE_PER_MIN: '1', TRUST_PROXY: 'true' }, fake: required.fake });
});
afterAll(async () => {
  await limited?.close();
  await required?.close();
});

type Answer = { status: number; headers: Headers; body: { status?: string; error?: { code: string } | string | { code: string } } };
async function cobalt(rig: ResolveRig, address: string, headers: Record<string, string> = {}, url = POST): Promise<Answer> {
  const res = await fetch(`${rig.app.base}/`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
    body: JSON.stringify({ url }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
async function resolve(rig: ResolveRig, address: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${rig.app.base}/api/v1/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
    body: JSON.stringify({ url: POST }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
const codeOf = (answer: Answer) => [answer.status, (answer.body.error as { code: string } | undefined)?.code];

describe('API_AUTH_REQUIRED', () => {
  it('a keyless request is cobalt’s auth.key.missing (400, no Retry-After), a Bearer token it cannot take auth.key.not_api_key', async () => {
    const keyless = await cobalt(required, '198.51.100.1');
    expect(codeOf(keyless)).toEqual([400, 'error.api.auth.key.missing']);
    expect(keyless.headers.get('retry-after')).toBeNull();
    expect(codeOf(await cobalt(required, '198.51.100.1', { authorization: 'Bearer not.a-token' }))).toEqual([400, 'error.api.auth.key.not_api_key']);
    expect((await cobalt(required, '198.51.100.1', { authorization: `Api-Key ${FENCED}` })).body.status).toBe('tunnel');
  });
});

describe('a key file written for cobalt', () => {
  it('loads: a name with spaces, a version 1 UUID and a limit of 2.5 (two lookups a minute, as cobalt’s limiter lets through)', async () => {
    const key = { authorization: `Api-Key ${DISCORD}` };
    expect((await cobalt(limited, '198.51.100.2', key)).body.status).toBe('tunnel');
    expect((await cobalt(limited, '198.51.100.3', key)).body.status).toBe('tunnel');
    expect(codeOf(await cobalt(limited, '198.51.100.4', key))).toEqual([429, 'error.api.rate_exceeded']);
  });

  it('allowedServices: a link of a service the key does not allow is service.disabled, before any lookup', async () => {
    const key = { authorization: `Api-Key ${YOUTUBE_ONLY}` };
    const fresh = `https://www.instagram.com/p/${FIXTURE.v1Image}/`;
    const asked = () => limited.fake.counts.times.length;
    const before = asked();
    expect(codeOf(await cobalt(limited, '198.51.100.5', key, fresh))).toEqual([400, 'error.api.service.disabled']);
    expect(asked()).toBe(before);
    // A link of no service is still link.invalid; "all" allows Instagram.
    expect(codeOf(await cobalt(limited, '198.51.100.5', key, 'https://example.com/x'))).toEqual([400, 'error.api.link.invalid']);
    expect((await cobalt(limited, '198.51.100.6', { authorization: `Api-Key ${FENCED}`, 'user-agent': 'fencebot/1' }, fresh)).body.status).toBe('tunnel');
    expect(asked()).toBeGreaterThan(before);
  });
});

describe('the key is judged before any limit', () => {
  const bad: [string, Record<string, string>, string, number, string][] = [
    ['an unknown key', { authorization: `Api-Key ${UNKNOWN}` }, 'error.api.auth.key.not_found', 401, 'unauthorized'],
    ['a malformed key', { authorization: 'Api-Key 1234' }, 'error.api.auth.key.invalid', 401, 'unauthorized'],
    ['a bare Api-Key', { authorization: 'Api-Key' }, 'error.api.auth.key.invalid', 401, 'unauthorized'],
    ['a key from a user agent it does not allow', { authorization: `Api-Key ${FENCED}`, 'user-agent': 'curl/8' }, 'error.api.auth.key.ua_not_allowed', 403, 'forbidden'],
  ];
  it.each(bad)('%s past the address’s limit answers at once (400 on POST /, 401 or 403 on our routes)', async (_what, headers, cobaltCode, status, ours) => {
    const address = `198.51.100.${10 + bad.findIndex(([what]) => what === _what)}`;
    // The address spends its one lookup a minute, on each route.
    expect((await cobalt(limited, address)).status).toBe(200);
    expect((await resolve(limited, address)).status).toBe(200);
    expect((await cobalt(limited, address)).status).toBe(429);
    expect(codeOf(await cobalt(limited, address, headers))).toEqual([400, cobaltCode]);
    const native = await resolve(limited, address, headers);
    expect([native.status, (native.body.error as { code: string }).code]).toEqual([status, ours]);
  });
});
