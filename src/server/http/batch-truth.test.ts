/**
 * Batch truth (issue 38 point 6): a batch none of whose posts could be looked up answers the cause the visitor can do
 * most about, never a bare 502 for mixed causes. This instance's own egress budget among the causes: 429
 * `rate_limited` (source instance) with Retry-After. A batch with some posts ready still gives its ZIP, MISSING.txt
 * naming the rest. The real app against the fake Instagram, with a small real egress budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../test/fake-instagram/fixtures.ts';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import type { BatchZip } from '../../shared/api.ts';
import { signMediaToken } from '../media/token.ts';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const post = (code: string) => `https://www.instagram.com/p/${code}/`;
type Answer = { status: number; headers: Headers; body: BatchZip & { error?: { code: string; message: string; source?: string } } };

async function batch(rig: ResolveRig, links: string[]): Promise<Answer> {
  const res = await fetch(`${rig.app.base}/api/v1/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ links: links.map((url) => ({ url })) }) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
}

describe('a batch none of whose posts could be looked up, for mixed causes', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({ env: { DOWNLOAD_SECRET: SECRET } });
    rig.fake.switches.set('E2Egone0001', 'not_found');
    rig.fake.switches.set('E2Eadult001', 'age_restricted');
  });
  afterAll(() => rig?.close());

  it('answers the most actionable cause (age-restricted before not found), not 502; so does its archive', async () => {
    const answer = await batch(rig, [post('E2Egone0001'), post('E2Eadult001')]);
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'age_restricted']);
    const token = signMediaToken(SECRET, { t: 'b', n: 'x.zip', e: Math.floor(Date.now() / 1000) + 600, l: [{ u: post('E2Egone0001') }, { u: post('E2Eadult001') }] });
    const zip = await fetch(`${rig.app.base}/api/v1/zip/${token}`);
    expect([zip.status, ((await zip.json()) as Answer['body']).error?.code]).toEqual([403, 'age_restricted']);
  });
});

describe('a batch that this instance’s own egress budget held back in part', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    // 60 a minute: a burst of 10, then one a second; a lookup waits 300 ms at most.
    rig = await startResolveRig({ env: { DOWNLOAD_SECRET: SECRET, IG_EGRESS_PER_MIN: '60', IG_EGRESS_MAX_WAIT_MS: '300' } });
    rig.fake.switches.set('E2Egone0001', 'not_found');
  });
  afterAll(() => rig?.close());

  it('answers 429 rate_limited, source instance, with Retry-After, when its causes include the budget; with a post ready, its ZIP', async () => {
    // A post ready and one known missing (both remembered, so they cost nothing later).
    expect((await rig.resolve(post(FIXTURE.image))).status).toBe(200);
    expect((await rig.resolve(post('E2Egone0001'))).status).toBe(404);
    // Spend the budget on missing posts until this instance refuses.
    let refused: { status: number; body: { error?: { source?: string } } } | undefined;
    for (let i = 0; i < 30 && refused?.status !== 429; i++) refused = await rig.resolve(post(`E2Espent${String(i).padStart(3, '0')}`));
    expect([refused?.status, refused?.body.error?.source]).toEqual([429, 'instance']);

    const mixed = await batch(rig, [post('E2Egone0001'), post('E2Eheld0001')]);
    expect([mixed.status, mixed.body.error?.code, mixed.body.error?.source]).toEqual([429, 'rate_limited', 'instance']);
    expect(Number(mixed.headers.get('retry-after'))).toBeGreaterThan(0);

    const someReady = await batch(rig, [post(FIXTURE.image), post('E2Egone0001'), post('E2Eheld0002')]);
    expect(someReady.status).toBe(200);
    expect([someReady.body.posts, someReady.body.missing]).toEqual([1, 2]);
    const zip = await fetch(rig.app.base + someReady.body.zipUrl);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await zip.arrayBuffer()).includes('MISSING.txt')).toBe(true);
  });
});
