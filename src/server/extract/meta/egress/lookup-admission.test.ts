/**
 * Issue 38 point 3, the budget admits lookups, not requests: the real app against the fake Instagram on loopback.
 * - A lookup reserves its kind's maximum with its first request: under a burst of cold lookups none is cut half-way
 *   (every lookup that sent Instagram anything ran to its answer; the refused ones sent nothing), and no token is
 *   lost (what a lookup did not spend goes back). Per request, the burst's first steps took every token and most
 *   lookups were refused at a later step, their requests spent for nothing.
 * - Fairness ranks whole lookups: a visitor whose one lookup took three requests goes before a client that made two
 *   one-request lookups. Ranked by requests it went after.
 * - A Threads post reserves three on Threads' own budget: behind the gating shell it finishes on one request per 10 s.
 * - With REDIS_URL the reservation stands in the shared bucket, where every instance sees it.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../../test/fake-instagram/switches.ts';
import { FIXTURE, startFakeInstagram, THREADS_FIXTURE, type FakeInstagram } from '../../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../../test/fake-instagram/rig.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from '../../../../../test/redis-server.ts';
import { metricsRegistry } from '../../../metrics.ts';
import { LOOKUP_COSTS } from './lookup-reservation.ts';

const IG = 'https://www.instagram.com';
let fake: FakeInstagram;
const open: ResolveRig[] = [];
beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(async () => {
  while (open.length > 0) await open.pop()!.close();
  await fake?.close();
});

async function rig(env: Record<string, string>): Promise<ResolveRig> {
  // Deadlines well past the waits: on the suite's loaded two cores a lookup must not time out instead.
  const started = await startResolveRig({ fake, env: { TRUST_PROXY: 'true', ...env }, timeouts: { requestMs: 8000, deadlineMs: 25_000 } });
  open.push(started);
  return started;
}

const lookUp = async (base: string, address: string, code: string) => {
  const res = await fetch(`${base}/api/v1/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ url: `${IG}/p/${code}/` }),
  });
  await res.arrayBuffer();
  return { code, status: res.status, retryAfter: res.headers.get('retry-after') };
};
/** One resolve of `url` from no address in particular. */
const resolveLink = (base: string, url: string) =>
  fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
/** What Instagram (the fake) was asked for one post, every endpoint together. */
const sentFor = (code: string) => ENDPOINTS.reduce((sum, endpoint) => sum + fake.counts.get(endpoint, code), 0);
const discoveries = async (result: string) =>
  (await metricsRegistry.getSingleMetric('gramsave_doc_id_discovery_total')?.get())?.values.find((v) => v.labels.result === result)?.value ?? 0;
const lookupsCounted = async (event: string) =>
  (await metricsRegistry.getSingleMetric('gramsave_egress_lookups_total')?.get())?.values.find((v) => v.labels.event === event)?.value ?? 0;

describe('a burst of cold lookups', () => {
  it('cuts none half-way: the lookups that sent anything ran to their answer, the refused sent nothing and were told when', async () => {
    fake.reset();
    // A burst of 10 tokens, then one a second; a missing post costs three requests (and the home page once).
    const app = await rig({ IG_EGRESS_PER_MIN: '60', IG_EGRESS_MAX_WAIT_MS: '1500' });
    const cutBefore = await lookupsCounted('cut');
    const codes = Array.from({ length: 12 }, (_, i) => `NoSuchPost${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(codes.map((code, i) => lookUp(app.app.base, `198.51.100.${20 + i}`, code)));
    const sent = answers.map((a) => ({ ...a, sent: sentFor(a.code) }));
    const table = JSON.stringify(sent);
    // Every lookup that spent Instagram's requests finished (a missing post: 404 not_found).
    expect(sent.filter((a) => a.sent > 0 && a.status !== 404), table).toEqual([]);
    // The rest were refused before their first request, with a Retry-After.
    const refused = sent.filter((a) => a.status === 429);
    expect(refused.every((a) => a.sent === 0 && Number(a.retryAfter) >= 1), table).toBe(true);
    expect(sent.filter((a) => a.status === 404).length, table).toBeGreaterThanOrEqual(2);
    expect(await lookupsCounted('cut')).toBe(cutBefore);
  }, 30_000);
});

describe('a Threads post behind the gating shell (three Threads requests)', () => {
  it('finishes on a budget of one Threads request every 10 s: its first request reserved three', async () => {
    fake.reset();
    fake.switches.threads.add('gating-shell');
    const app = await rig({ THREADS_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: '1500' });
    const res = await resolveLink(app.app.base, `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}`);
    // Per request, its second request waited for a token 10 s away and the lookup answered 429 half-way.
    expect(res.status, await res.clone().text()).toBe(200);
    expect(fake.counts.get('threads-graphql', THREADS_FIXTURE.photo)).toBe(1);
  }, 30_000);
});

describe('a doc-id heal on a drained budget', () => {
  it('answers 429 with an honest Retry-After, never 502 upstream_changed, and starts no discovery cool-down', async () => {
    fake.reset();
    // One request every 10 s (a burst of one); the post lookup's first request takes it and the refused doc id
    // calls for a heal that reserves its own ten. Before: the heal was refused by the budget and the lookup
    // answered 502 upstream_changed, as if Instagram had changed beyond repair.
    const app = await rig({ IG_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: '1500', IG_STRATEGIES: 'graphql-shortcode,graphql-web-info' });
    fake.switches.rotateDocIds();
    const nothingNew = () => discoveries('nothing_new');
    const before = await nothingNew();
    const res = await resolveLink(app.app.base, `${IG}/reel/${FIXTURE.reel}/`);
    const body = (await res.json()) as { error?: { code: string; retryAfter?: number } };
    expect(res.status, JSON.stringify(body)).toBe(429);
    expect(body.error?.code).toBe('rate_limited');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // Honest: no more than the time the budget needs to pay back what the lookup and the heal may take.
    expect(retryAfter).toBeLessThanOrEqual(((LOOKUP_COSTS.post + LOOKUP_COSTS.heal) * 60) / 6 + 1);
    // A pass the budget cut short read nothing: it is not counted as finding nothing new, which would start the
    // 10-minute cool-down and keep the lookups that follow from healing once the budget is back.
    expect(await nothingNew()).toBe(before);
    expect(app.app.app.resolver.docIds.get('shortcode').source).toBe('default');
  }, 30_000);
});

describe('a Threads doc-id heal on a drained budget', () => {
  it('answers 429 with a Retry-After, never 502 upstream_changed', async () => {
    fake.reset();
    // One Threads request every 10 s: the post's reservation of three runs out before the retry with the healed id.
    // This held before the Instagram fix too; it keeps Threads' heal from regressing into Instagram's 502.
    fake.switches.threads.add('gating-shell');
    fake.switches.rotateThreadsDocId();
    const app = await rig({ THREADS_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: '1500' });
    const res = await resolveLink(app.app.base, `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.carousel}`);
    expect(res.status, await res.clone().text()).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The bundles (static origin) are not Threads' budget's: the heal found the new id, and the retry with it is
    // what the budget refused, so it is kept for the lookups that follow.
    expect(app.app.app.resolver.threadsDocIds.current).toBe(fake.switches.threadsDocId);
  }, 30_000);
});

describe('fairness between clients', () => {
  it('ranks whole lookups: one lookup of three requests goes before two lookups of one', async () => {
    fake.reset();
    // A burst of 10 tokens, then one a second; a wait long enough for the queue below on a loaded machine.
    const app = await rig({ IG_EGRESS_PER_MIN: '60', IG_EGRESS_MAX_WAIT_MS: '6000' });
    const posts = [...fake.fixtures.posts.keys()];
    const visitor = '198.51.100.70';
    const other = '198.51.100.71';
    // The visitor: a missing post, three requests. The other client: two live posts, one request each.
    expect((await lookUp(app.app.base, visitor, 'NoSuchPostV1')).status).toBe(404);
    for (const code of posts.slice(0, 2)) expect((await lookUp(app.app.base, other, code)).status).toBe(200);
    // A third client's ten slow lookups at once spend the bucket, in requests (ten) as in reservations (four each),
    // and keep it spent while they run; those the budget does not let go wait or are refused.
    const slow = posts.slice(2, 12);
    for (const code of slow) fake.switches.set(code, { delayMs: 2500 });
    const holding = slow.map((code) => lookUp(app.app.base, '198.51.100.72', code));
    await expect.poll(() => slow.reduce((sum, code) => sum + sentFor(code), 0), { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(2);
    // Both come at once, the other client first: the grant goes to the one that asked for fewer lookups.
    const served: string[] = [];
    await Promise.all([
      lookUp(app.app.base, other, posts[12]!).then((a) => served.push(`other ${a.status}`)),
      lookUp(app.app.base, visitor, posts[13]!).then((a) => served.push(`visitor ${a.status}`)),
    ]);
    expect(served).toEqual(['visitor 200', 'other 200']);
    await Promise.all(holding);
  }, 60_000);
});

describe.runIf(redisServerAvailable())('two instances, one Redis', () => {
  let redis: TestRedis;
  let client: Redis;
  beforeAll(async () => {
    redis = await startTestRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it('see a lookup’s reservation in the shared bucket while it runs, and its unspent tokens back when it ends', async () => {
    fake.reset();
    const env = { IG_EGRESS_PER_MIN: '60', IG_EGRESS_MAX_WAIT_MS: '3000', REDIS_URL: redis.url };
    const one = await rig(env);
    const two = await rig(env);
    const tokens = async () => Number(await client.hget('gramsave:egress:direct', 'tokens'));
    const [slow, other] = [...fake.fixtures.posts.keys()];
    // Warm the bucket's key (and both instances' Redis connections) with one lookup each.
    expect((await lookUp(one.app.base, '198.51.100.80', other!)).status).toBe(200);
    fake.switches.set(slow!, { delayMs: 1500 });
    const running = lookUp(one.app.base, '198.51.100.81', slow!);
    await expect.poll(() => sentFor(slow!), { timeout: 5000, interval: 20 }).toBe(1);
    // While it waits on Instagram, its whole reservation (4) is out of the bucket every instance takes from.
    const during = await tokens();
    expect(during).toBeLessThanOrEqual(10 - LOOKUP_COSTS.post + 1);
    const seenByTwo = await lookUp(two.app.base, '198.51.100.82', [...fake.fixtures.posts.keys()][2]!);
    expect(seenByTwo.status).toBe(200);
    expect((await running).status).toBe(200);
    // It sent one request of its four: three come back (the bucket refills besides, up to its burst).
    await expect.poll(tokens, { timeout: 3000, interval: 50 }).toBeGreaterThanOrEqual(during + LOOKUP_COSTS.post - 1 - 1);
  }, 30_000);
});
