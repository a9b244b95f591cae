/**
 * The browser's resolve client against the real app and the fake Instagram: a Resolution, an API error with
 * its code, and a network failure are each classified, and the catalogue key follows (spec §8).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, THREADS_FIXTURE } from '../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { errorCodeOf, errorServiceOf, errorSourceOf, isResolution, resolveLink, retryAfterSeconds } from './api-client.ts';
import { errorMessageKey } from './error-messages.ts';

let rig: ResolveRig;
/** The page's relative fetch, pointed at the rig's origin. */
const fetchFrom = (origin: string): typeof fetch => (input, init) => fetch(`${origin}${String(input)}`, init);

beforeAll(async () => {
  rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' } });
});
afterAll(async () => {
  await rig?.close();
});

describe('resolveLink', () => {
  it('returns the Resolution with status and timing', async () => {
    const outcome = await resolveLink({ url: `https://www.instagram.com/p/${FIXTURE.carousel}/`, tool: 'photo' }, fetchFrom(rig.app.base));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.status).toBe(200);
    expect(outcome.resolution.items).toHaveLength(3);
    expect(outcome.resolution.zipUrl).toMatch(/^\/api\/v1\/zip\//);
    expect(outcome.ms).toBeGreaterThanOrEqual(0);
  });

  it('classifies API errors by code and status', async () => {
    rig.fake.switches.set('E2Eprivate01', 'private');
    const outcome = await resolveLink({ url: 'https://www.instagram.com/p/E2Eprivate01/', tool: 'story' }, fetchFrom(rig.app.base));
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', status: 403, code: 'private' } });
    if (outcome.ok) return;
    expect(errorMessageKey(outcome.failure, 'story')).toBe('errors.forbiddenStory');

    const unsupported = await resolveLink({ url: 'https://www.instagram.com/explore/' }, fetchFrom(rig.app.base));
    expect(unsupported).toMatchObject({ ok: false, failure: { kind: 'http', status: 400, code: 'unsupported' } });
  });

  it('carries a Threads link’s failure as such: a text-only thread and a profile get their own message (issue 40)', async () => {
    const text = await resolveLink({ url: `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.text}` }, fetchFrom(rig.app.base));
    expect(text).toMatchObject({ ok: false, failure: { kind: 'http', status: 404, code: 'no_media', service: 'threads' } });
    if (!text.ok) expect(errorMessageKey(text.failure, 'home')).toBe('errors.noMediaThread');
    const profile = await resolveLink({ url: 'https://www.threads.com/@zuck' }, fetchFrom(rig.app.base));
    expect(profile).toMatchObject({ ok: false, failure: { kind: 'http', status: 400, code: 'unsupported', service: 'threads' } });
    if (!profile.ok) expect(errorMessageKey(profile.failure, 'video')).toBe('errors.threadsProfile');
  });

  it('carries a 429’s Retry-After, so a queue can wait it out', async () => {
    rig.fake.switches.set('E2Elimited01', 'rate_limited');
    const outcome = await resolveLink({ url: 'https://www.instagram.com/p/E2Elimited01/' }, fetchFrom(rig.app.base));
    // Instagram throttled us, not this site's own limit: the page says which (issue 33).
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', status: 429, code: 'rate_limited', source: 'instagram' } });
    if (outcome.ok || outcome.failure.kind !== 'http') return;
    expect(outcome.failure.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });

  it('calls a refused connection a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await resolveLink({ url: 'https://www.instagram.com/p/x/' }, fetchFrom(origin));
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });

  it('treats a 200 that is not a Resolution as malformed', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ kind: 'post', author: { username: 'a' }, items: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await resolveLink({ url: 'https://www.instagram.com/p/x/' }, fetchFrom(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      expect(outcome).toMatchObject({ ok: false, failure: { kind: 'malformed', status: 200 } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('response shape checks', () => {
  it('reads our error codes only', () => {
    expect(errorCodeOf({ error: { code: 'rate_limited', message: 'x' } })).toBe('rate_limited');
    expect(errorCodeOf({ error: { code: 'teapot' } })).toBeUndefined();
    expect(errorCodeOf('<html>')).toBeUndefined();
    expect(errorCodeOf(undefined)).toBeUndefined();
  });
  it('reads who refused, and nothing else', () => {
    expect(errorSourceOf({ error: { code: 'rate_limited', source: 'instance' } })).toBe('instance');
    expect(errorSourceOf({ error: { code: 'rate_limited', source: 'instagram' } })).toBe('instagram');
    expect(errorSourceOf({ error: { code: 'rate_limited', source: 'threads' } })).toBe('threads');
    expect(errorSourceOf({ error: { code: 'rate_limited', source: 'cloud' } })).toBeUndefined();
    expect(errorSourceOf({ error: { code: 'rate_limited' } })).toBeUndefined();
    expect(errorServiceOf({ error: { code: 'no_media', service: 'threads' } })).toBe('threads');
    expect(errorServiceOf({ error: { code: 'no_media', service: 'instagram' } })).toBeUndefined();
    expect(errorServiceOf({ error: { code: 'no_media' } })).toBeUndefined();
  });
  it('accepts a Resolution with items that carry links', () => {
    const item = { type: 'image', previewUrl: '/p', mediaUrl: '/m', downloadUrl: '/d', filename: 'f.jpg' };
    expect(isResolution({ kind: 'post', sourceUrl: 's', author: { username: 'a' }, items: [item] })).toBe(true);
    expect(isResolution({ kind: 'post', author: { username: 'a' }, items: [{ ...item, type: 'gif' }] })).toBe(false);
    expect(isResolution({ kind: 'post', author: null, items: [item] })).toBe(false);
    expect(isResolution(null)).toBe(false);
  });
});
