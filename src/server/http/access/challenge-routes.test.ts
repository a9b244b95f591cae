/**
 * The challenge over HTTP on the real app: the free allowance, then challenge_required; a solved challenge's token
 * carries lookups; a solution is accepted once (across two instances through Redis), only from the address it was
 * given to, and not once expired; a token is good only from its address. Counted in gramsave_challenge_total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIG_SECRET } from '../../../../test/app-rig.ts';
import { FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from '../../../../test/redis-server.ts';
import { metricsRegistry } from '../../metrics.ts';
import { challengeSecretOf, costUnderLoad, createChallenge, MAX_FLOOD_HASHES, solveChallenge, type Challenge } from './proof-of-work.ts';

const POST = `https://www.instagram.com/p/${FIXTURE.image}/`;
const env = { CHALLENGE_FREE_PER_MIN: '2', TRUST_PROXY: 'true' };
let rig: ResolveRig;

beforeAll(async () => {
  rig = await startResolveRig({ env });
});
afterAll(() => rig?.close());

const headers = (address: string, extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', 'x-forwarded-for': address, ...extra });
const lookUp = (base: string, address: string, token?: string) =>
  fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: headers(address, token ? { authorization: `Bearer ${token}` } : {}), body: JSON.stringify({ url: POST }) });
const lookUpCode = (base: string, address: string, code: string) =>
  fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: headers(address), body: JSON.stringify({ url: `https://www.instagram.com/p/${code}/` }) });
const challengeFor = async (base: string, address: string) => (await (await fetch(`${base}/api/v1/challenge`, { headers: { 'x-forwarded-for': address } })).json()) as Challenge;
const redeem = (base: string, address: string, challenge: unknown, solution: unknown) =>
  fetch(`${base}/api/v1/session`, { method: 'POST', headers: headers(address), body: JSON.stringify({ challenge, solution }) });
const codeOf = async (res: Response) => [res.status, ((await res.json()) as { error: { code: string } }).error.code];
const counted = async (event: string) => ((await metricsRegistry.getSingleMetric('gramsave_challenge_total')!.get()).values.find((v) => v.labels.event === event)?.value ?? 0);

describe('the challenge', () => {
  it('asks for it past the free lookups, and its token carries the lookups that follow', async () => {
    const before = { required: await counted('required'), issued: await counted('issued'), solved: await counted('solved') };
    expect((await lookUp(rig.app.base, '198.51.100.10')).status).toBe(200);
    expect((await lookUp(rig.app.base, '198.51.100.10')).status).toBe(200);
    const third = await lookUp(rig.app.base, '198.51.100.10');
    expect(await codeOf(third)).toEqual([429, 'challenge_required']);
    const challenge = await challengeFor(rig.app.base, '198.51.100.10');
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', puzzles: expect.any(Number), bits: expect.any(Number), expires: expect.any(Number), salt: expect.any(String) });
    const session = await redeem(rig.app.base, '198.51.100.10', challenge, solveChallenge(challenge));
    const { token, exp } = (await session.json()) as { token: string; exp: number };
    expect([session.status, exp]).toEqual([200, expect.any(Number)]);
    expect(exp).toBeGreaterThan(Date.now() / 1000 + 60);
    for (let i = 0; i < 3; i++) expect((await lookUp(rig.app.base, '198.51.100.10', token)).status).toBe(200);
    // A token is good from its own address only; elsewhere the challenge is asked again.
    for (let i = 0; i < 2; i++) await lookUp(rig.app.base, '198.51.100.11');
    expect(await codeOf(await lookUp(rig.app.base, '198.51.100.11', token))).toEqual([429, 'challenge_required']);
    expect(await codeOf(await lookUp(rig.app.base, '198.51.100.11', 'not.a-token'))).toEqual([429, 'challenge_required']);
    expect(await counted('required')).toBe(before.required + 3);
    expect([await counted('issued'), await counted('solved')]).toEqual([before.issued + 1, before.solved + 1]);
  });

  it('refuses a replayed, another address’s, an expired, a wrong or a malformed solution', async () => {
    const rejected = await counted('rejected');
    const challenge = await challengeFor(rig.app.base, '198.51.100.20');
    const solution = solveChallenge(challenge);
    expect(await codeOf(await redeem(rig.app.base, '198.51.100.21', challenge, solution))).toEqual([403, 'forbidden']);
    expect((await redeem(rig.app.base, '198.51.100.20', challenge, solution)).status).toBe(200);
    expect(await codeOf(await redeem(rig.app.base, '198.51.100.20', challenge, solution))).toEqual([403, 'forbidden']);
    const old = createChallenge(challengeSecretOf(RIG_SECRET), '198.51.100.20', { puzzles: 2, bits: 4 }, Date.now() - 200_000);
    expect(await codeOf(await redeem(rig.app.base, '198.51.100.20', old, solveChallenge(old)))).toEqual([410, 'expired']);
    const fresh = await challengeFor(rig.app.base, '198.51.100.20');
    expect(await codeOf(await redeem(rig.app.base, '198.51.100.20', fresh, solution.map(() => 2 ** 32 - 1)))).toEqual([403, 'forbidden']);
    expect(await codeOf(await redeem(rig.app.base, '198.51.100.20', fresh, 'none'))).toEqual([400, 'bad_request']);
    expect(await counted('rejected')).toBe(rejected + 5);
  });
});

describe('the challenge’s base cost', () => {
  it('is CHALLENGE_PUZZLES puzzles of CHALLENGE_BITS bits, and a solution of that cost is accepted', async () => {
    const costly = await startResolveRig({ env: { ...env, CHALLENGE_PUZZLES: '3', CHALLENGE_BITS: '13' }, fake: rig.fake });
    try {
      const challenge = await challengeFor(costly.app.base, '198.51.100.40');
      expect([challenge.puzzles, challenge.bits]).toEqual([3, 13]);
      expect((await redeem(costly.app.base, '198.51.100.40', challenge, solveChallenge(challenge))).status).toBe(200);
    } finally {
      await costly.close();
    }
    // Unset: 12 puzzles of 10 bits (docs/deploy.md, "The challenge").
    const challenge = await challengeFor(rig.app.base, '198.51.100.41');
    expect([challenge.puzzles, challenge.bits]).toEqual([12, 10]);
  });
});

describe('under flood (issue 38)', () => {
  it('a quiet instance is free at the base cost; once the egress budget runs out, anonymous lookups need the challenge and it costs more', async () => {
    // One Instagram request every 10 s (a burst of one), a wait of 0.3 s: a few cold lookups at once spend it.
    const busy = await startResolveRig({ env: { ...env, CHALLENGE_FREE_PER_MIN: '100', IG_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: '300' } });
    try {
      const quiet = await challengeFor(busy.app.base, '198.51.100.50');
      expect([quiet.puzzles, quiet.bits]).toEqual([12, 10]);
      const codes = [...busy.fake.fixtures.posts.keys()].slice(0, 4);
      const flood = await Promise.all(codes.map((code, i) => lookUpCode(busy.app.base, `198.51.100.${60 + i}`, code)));
      expect(flood.map((res) => res.status)).toContain(429);
      const anonymous = await lookUp(busy.app.base, '198.51.100.51');
      expect(await codeOf(anonymous)).toEqual([429, 'challenge_required']);
      const costly = await challengeFor(busy.app.base, '198.51.100.51');
      // One bit more per doubling of the wait a newcomer faces, capped at 12 (the phone's 5 s).
      expect(costly.puzzles).toBe(12);
      expect(costly.bits).toBeGreaterThan(10);
      expect(costly.bits).toBeLessThanOrEqual(12);
      // Its solution still opens the way (the token's lookups then wait their turn like any other).
      expect((await redeem(busy.app.base, '198.51.100.51', costly, solveChallenge(costly))).status).toBe(200);
    } finally {
      await busy.close();
    }
  });

  it('makes a flood pay per lookup: under saturation a token carries one lookup, then the challenge is asked again', async () => {
    const busy = await startResolveRig({ env: { ...env, CHALLENGE_FREE_PER_MIN: '100', IG_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: '300' } });
    const earn = async (address: string) => {
      const challenge = await challengeFor(busy.app.base, address);
      return ((await (await redeem(busy.app.base, address, challenge, solveChallenge(challenge))).json()) as { token: string }).token;
    };
    try {
      // Quiet (no Instagram request yet): the token is not spent by its lookup (which caches the post).
      const token = await earn('198.51.100.90');
      expect((await lookUp(busy.app.base, '198.51.100.90', token)).status).toBe(200);
      const codes = [...busy.fake.fixtures.posts.keys()].slice(1, 5);
      const flood = await Promise.all(codes.map((code, i) => lookUpCode(busy.app.base, `198.51.100.${60 + i}`, code)));
      expect(flood.map((res) => res.status)).toContain(429);
      // Saturated: the token pays for one lookup more, and no other.
      const paid = await lookUp(busy.app.base, '198.51.100.90', token);
      expect(paid.status, await paid.clone().text()).toBe(200);
      expect(await codeOf(await lookUp(busy.app.base, '198.51.100.90', token))).toEqual([429, 'challenge_required']);
      // A new solve pays for the next one.
      const fresh = await earn('198.51.100.90');
      const next = await lookUp(busy.app.base, '198.51.100.90', fresh);
      expect(next.status, await next.clone().text()).toBe(200);
      expect(await codeOf(await lookUp(busy.app.base, '198.51.100.90', fresh))).toEqual([429, 'challenge_required']);
    } finally {
      await busy.close();
    }
  });

  it('costs at most what a phone 4× slower than this machine solves in 5 s, and never less than the base', () => {
    const base = { puzzles: 12, bits: 10 };
    expect(costUnderLoad(base, 0)).toEqual(base);
    expect(costUnderLoad(base, 1)).toEqual({ puzzles: 12, bits: 11 });
    expect(costUnderLoad(base, 1000)).toEqual({ puzzles: 12, bits: 12 });
    expect(12 * 2 ** 12).toBeLessThanOrEqual(MAX_FLOOD_HASHES);
    expect(costUnderLoad({ puzzles: 4, bits: 16 }, 50)).toEqual({ puzzles: 4, bits: 16 });
  });
});

describe.runIf(redisServerAvailable())('two instances, one Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis?.stop());

  it('accept a solution once between them', async () => {
    const one = await startResolveRig({ env: { ...env, REDIS_URL: redis.url }, fake: rig.fake });
    const two = await startResolveRig({ env: { ...env, REDIS_URL: redis.url }, fake: rig.fake });
    try {
      await expect.poll(async () => (await fetch(`${two.app.app.metricsUrl()}/readyz`).then((r) => r.json()) as { redis: string }).redis, { timeout: 5000 }).toBe('up');
      await expect.poll(async () => (await fetch(`${one.app.app.metricsUrl()}/readyz`).then((r) => r.json()) as { redis: string }).redis, { timeout: 5000 }).toBe('up');
      const challenge = await challengeFor(one.app.base, '198.51.100.30');
      const solution = solveChallenge(challenge);
      expect((await redeem(one.app.base, '198.51.100.30', challenge, solution)).status).toBe(200);
      expect(await codeOf(await redeem(two.app.base, '198.51.100.30', challenge, solution))).toEqual([403, 'forbidden']);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
