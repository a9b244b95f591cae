/**
 * cobalt's POST / behind the real access gate (issue 31 item 3, issue 32): the anonymous allowance and the address
 * limit answer cobalt's `rate_exceeded`, an API key lifts them, and a key problem is HTTP 400 `error.api.auth.key.*`
 * as cobalt answers it — the real app, the real key file, against the fake Instagram.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

const KEY = 'bbbbbbbb-2222-4222-8222-000000000001';
const FENCED = 'bbbbbbbb-2222-4222-8222-000000000002';
const UNKNOWN = 'bbbbbbbb-2222-4222-8222-0000000000ff';
const POST = `https://www.instagram.com/p/${FIXTURE.image}/`;

let rig: ResolveRig;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-cobalt-keys-'));
  const keyFile = path.join(dir, 'keys.json');
  writeFileSync(keyFile, JSON.stringify({ [KEY]: { name: 'bot', limit: 'unlimited' }, [FENCED]: { name: 'fenced', userAgents: ['fencebot/*'] } }));
  rig = await startResolveRig({ env: { API_KEY_URL: pathToFileURL(keyFile).href, CHALLENGE_FREE_PER_MIN: '1', RATE_LIMIT_RESOLVE_PER_MIN: '30', TRUST_PROXY: 'true' } });
});
afterAll(() => rig?.close());

const cobalt = async (address: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${rig.app.base}/`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
    body: JSON.stringify({ url: POST }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { status: string; error?: { code: string; context?: { limit?: number } } } };
};

describe('cobalt’s POST / behind the access gate', () => {
  it('past the anonymous allowance answers rate_exceeded (429, the window in context.limit), and an API key lifts it', async () => {
    expect((await cobalt('203.0.113.7')).body.status).toBe('tunnel');
    const refused = await cobalt('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'error', error: { code: 'error.api.rate_exceeded', context: { limit: 60 } } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same address with a key: no challenge, no limit.
    for (let i = 0; i < 3; i++) expect((await cobalt('203.0.113.7', { authorization: `Api-Key ${KEY}` })).body.status).toBe('tunnel');
  });

  it('a key problem is HTTP 400 with cobalt’s auth.key codes', async () => {
    const unknown = await cobalt('203.0.113.8', { authorization: `Api-Key ${UNKNOWN}` });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.code).toMatch(/^error\.api\.auth\.key\.(invalid|not_found)$/);
    const malformed = await cobalt('203.0.113.8', { authorization: 'Api-Key not-a-uuid' });
    expect([malformed.status, malformed.body.error?.code]).toEqual([400, 'error.api.auth.key.invalid']);
    const wrongAgent = await cobalt('203.0.113.8', { authorization: `Api-Key ${FENCED}`, 'user-agent': 'curl/8' });
    expect([wrongAgent.status, wrongAgent.body.error?.code]).toEqual([400, 'error.api.auth.key.ua_not_allowed']);
    expect((await cobalt('203.0.113.8', { authorization: `Api-Key ${FENCED}`, 'user-agent': 'fencebot/2' })).body.status).toBe('tunnel');
  });
});
