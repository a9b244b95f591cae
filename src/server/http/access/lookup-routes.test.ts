/**
 * Every lookup API stands behind the access gate (issue 32): with no anonymous allowance left, resolve, batch, the
 * profile view (its sections, albums, posts and ZIP) and cobalt's POST / ask for the challenge, while the media
 * routes, whose signed links come from a lookup, are never challenged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, PROFILE_FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

let open: ResolveRig;
let gated: ResolveRig;
beforeAll(async () => {
  open = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' } });
  gated = await startResolveRig({ env: { IG_SESSIONID: 'fake-session', CHALLENGE_FREE_PER_MIN: '0' }, fake: open.fake });
});
afterAll(async () => {
  await gated?.close();
  await open?.close();
});

const json = { 'content-type': 'application/json' };
const post = `https://www.instagram.com/p/${FIXTURE.image}/`;
const user = encodeURIComponent(PROFILE_FIXTURE.user);
const LOOKUPS: [string, RequestInit][] = [
  ['/api/v1/resolve', { method: 'POST', headers: json, body: JSON.stringify({ url: post }) }],
  ['/api/v1/batch', { method: 'POST', headers: json, body: JSON.stringify({ links: [{ url: post }] }) }],
  [`/api/v1/users/${user}`, {}],
  [`/api/v1/users/${user}/highlights/${PROFILE_FIXTURE.highlights[0]!.id}`, {}],
  [`/api/v1/users/${user}/posts?after=x`, {}],
  [`/api/v1/users/${user}/zip`, { method: 'POST', headers: json, body: JSON.stringify({ sections: ['stories'] }) }],
];

describe('the lookup APIs behind the gate', () => {
  it.each(LOOKUPS)('%s asks for the challenge past the allowance', async (route, init) => {
    const res = await fetch(gated.app.base + route, init);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('challenge_required');
  });

  it('cobalt’s POST / with no allowance at all answers cobalt’s missing key (waiting would not help), and a media link from a lookup is never challenged', async () => {
    const cobalt = await fetch(`${gated.app.base}/`, { method: 'POST', headers: { ...json, accept: 'application/json' }, body: JSON.stringify({ url: post }) });
    expect([cobalt.status, ((await cobalt.json()) as { error: { code: string } }).error.code]).toEqual([400, 'error.api.auth.key.missing']);
    const found = await open.resolve(post);
    const media = await fetch(gated.app.base + (found.body as { items: { downloadUrl: string }[] }).items[0]!.downloadUrl);
    expect(media.status).toBe(200);
  });
});
