/**
 * API keys on the real app against the fake Instagram: a key's own lookup limit (and "unlimited"), 401 and 403 in the
 * API's JSON, API_AUTH_REQUIRED (a key or a challenge's token), media counted per key, rotation by editing the file, the per-key metric, and no key
 * in any log line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { metricsRegistry } from '../../metrics.ts';

const LIMITED = 'aaaaaaaa-1111-4111-8111-000000000001';
const UNLIMITED = 'aaaaaaaa-1111-4111-8111-000000000002';
const FENCED = 'aaaaaaaa-1111-4111-8111-000000000003';
const ROTATED = 'aaaaaaaa-1111-4111-8111-000000000004';
const POST = `https://www.instagram.com/p/${FIXTURE.image}/`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-keys-'));
const keyFile = path.join(dir, 'keys.json');
const writeKeys = (keys: object) => writeFileSync(keyFile, JSON.stringify(keys));

let rig: ResolveRig;
let required: ResolveRig;

beforeAll(async () => {
  writeKeys({
    [LIMITED]: { name: 'limited', limit: 3 },
    [UNLIMITED]: { name: 'unlimited', limit: 'unlimited' },
    [FENCED]: { name: 'fenced', ips: ['10.9.0.0/16'], userAgents: ['fencebot/*'] },
  });
  const env = { API_KEY_URL: pathToFileURL(keyFile).href, RATE_LIMIT_RESOLVE_PER_MIN: '2', RATE_LIMIT_MEDIA_PER_MIN: '3', TRUST_PROXY: 'true' };
  rig = await startResolveRig({ env, captureLogs: 'info' });
  required = await startResolveRig({ env: { ...env, API_AUTH_REQUIRED: 'true' }, fake: rig.fake });
});
afterAll(async () => {
  await required?.close();
  await rig?.close();
});

const lookUp = (base: string, address: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers }, body: JSON.stringify({ url: POST }) });
const statuses = async (n: number, ask: () => Promise<Response>) => {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await ask()).status);
  return codes;
};
const byKey = async (name: string) => ((await metricsRegistry.getSingleMetric('gramsave_lookups_by_key_total')!.get()).values.find((v) => v.labels.key === name)?.value ?? 0);

describe('API keys', () => {
  it('replaces the address’s lookup limit with the key’s own, or none for "unlimited", and counts lookups per key name', async () => {
    expect(await statuses(3, () => lookUp(rig.app.base, '198.51.100.1'))).toEqual([200, 200, 429]);
    const before = await byKey('limited');
    // The same address, with a key: the key's three a minute.
    expect(await statuses(4, () => lookUp(rig.app.base, '198.51.100.1', { authorization: `Api-Key ${LIMITED}` }))).toEqual([200, 200, 200, 429]);
    expect(await byKey('limited')).toBe(before + 3);
    expect(await statuses(6, () => lookUp(rig.app.base, '198.51.100.2', { authorization: `Api-Key ${UNLIMITED}` }))).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('refuses an unknown or malformed key with 401 and a key used from elsewhere with 403, as JSON', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ authorization: 'Api-Key not-a-uuid' }, 401, 'unauthorized'],
      [{ authorization: 'Api-Key 11111111-2222-4333-8444-555555555555' }, 401, 'unauthorized'],
      [{ authorization: `Api-Key ${FENCED}`, 'user-agent': 'fencebot/1' }, 403, 'forbidden'],
    ];
    // Each from its own address: a request with a bad key counts against its address's limit (counted before the gate).
    for (const [i, [headers, status, code]] of cases.entries()) {
      const res = await lookUp(rig.app.base, `198.51.100.${30 + i}`, headers);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([status, code]);
    }
    expect((await lookUp(rig.app.base, '10.9.4.4', { authorization: `Api-Key ${FENCED}`, 'user-agent': 'curl/8' })).status).toBe(403);
    expect((await lookUp(rig.app.base, '10.9.4.4', { authorization: `Api-Key ${FENCED}`, 'user-agent': 'fencebot/2.1' })).status).toBe(200);
    expect(rig.app.logs.join('\n')).not.toMatch(/aaaaaaaa-1111/);
  });

  it('with API_AUTH_REQUIRED answers lookups for keys (and solved challenges) only; media stays open and is counted per key', async () => {
    const anonymous = await lookUp(required.app.base, '198.51.100.4');
    expect([anonymous.status, ((await anonymous.json()) as { error: { code: string } }).error.code]).toEqual([429, 'challenge_required']);
    expect((await lookUp(required.app.base, '198.51.100.4', { authorization: `Api-Key ${UNLIMITED}` })).status).toBe(200);
    // Three media requests a minute per client: one key from three addresses is one client.
    const media = (address: string) => fetch(`${required.app.base}/api/v1/media/x.y`, { headers: { 'x-forwarded-for': address, authorization: `Api-Key ${LIMITED}` } });
    expect(await statuses(4, () => media(`203.0.113.${Math.floor(Math.random() * 200)}`))).toEqual([400, 400, 400, 429]);
  });

  it('takes a rotated key file within a second or two, and keeps the keys in use when the new file is broken', async () => {
    writeKeys({ [ROTATED]: { name: 'rotated' } });
    // A fresh address each time: until the new file is read, the key is unknown and counts against its address.
    let n = 0;
    const rotated = () => lookUp(rig.app.base, `198.51.101.${++n}`, { authorization: `Api-Key ${ROTATED}` });
    await expect.poll(async () => (await rotated()).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await lookUp(rig.app.base, '198.51.100.6', { authorization: `Api-Key ${UNLIMITED}` })).status).toBe(401);
    writeFileSync(keyFile, '{ "broken": ');
    await expect.poll(() => rig.app.logs.some((l) => l.includes('could not be reloaded')), { timeout: 10_000, interval: 200 }).toBe(true);
    expect((await rotated()).status).toBe(200);
  });
});
