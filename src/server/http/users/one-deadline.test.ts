/**
 * Issue 38 points 5 and 3: the profile view waits for the egress budget once, not once per section (the probe saw
 * 6.9–10 s at 3 s), and it is one lookup to the budget: its first request reserves a profile view's maximum (8), so an
 * admitted view has the budget for every section, and a view the budget cannot admit is refused as a whole within
 * IG_EGRESS_MAX_WAIT_MS, told when to come back, having sent nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_FIXTURE } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

const MAX_WAIT_MS = 2000;
let rig: ResolveRig;
beforeAll(async () => {
  // One request every 10 s, a burst of one: per request, the view's first request went out and every later one waited.
  rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session', IG_EGRESS_PER_MIN: '6', IG_EGRESS_MAX_WAIT_MS: String(MAX_WAIT_MS) } });
});
afterAll(() => rig?.close());

const view = async (user: string = PROFILE_FIXTURE.user) => {
  const started = Date.now();
  const res = await fetch(`${rig.app.base}/api/v1/users/${user}`);
  const body = (await res.json()) as Record<string, { unavailable?: string; retryAfter?: number }>;
  return { res, body, elapsed: Date.now() - started };
};

describe('the profile view with a budget of one request every 10 s', () => {
  it('admitted, has the budget for every section: none says rate_limited', async () => {
    const { res, body } = await view();
    expect(res.status).toBe(200);
    for (const section of ['stories', 'highlights', 'posts']) expect(body[section], section).not.toMatchObject({ unavailable: 'rate_limited' });
  });

  it('with the budget spent, answers within one wait, refused as a whole with its Retry-After, having sent nothing', async () => {
    rig.fake.counts.reset();
    // Another profile (the first is cached now): the view before spent the bucket into debt for its reservation.
    const { res, elapsed } = await view('another.profile');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rig.fake.counts.times.length).toBe(0);
    // Waits of one allowance: less than two waits however loaded the machine (per section, it was at least two).
    expect(elapsed).toBeLessThan(2 * MAX_WAIT_MS);
  });
});
