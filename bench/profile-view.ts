/**
 * Issue 30's figures: what a username's profile view costs Instagram. The real app against the 2026 fake (its
 * throttled web_profile_info included) with a session: requests to Instagram for a cold view (budget 6) and for a
 * second view of it within the minute (budget 1), counted from the fake's own log, and the cold view's time.
 */
import { fakeUpstreamEnv, startApp } from '../test/app-rig.ts';
import { PROFILE_FIXTURE, startFakeInstagram } from '../test/fake-instagram/index.ts';
import { row, type BenchRow } from './table.ts';

export async function profileViewRows(): Promise<BenchRow[]> {
  const fake = await startFakeInstagram();
  fake.switches.enable2026();
  const app = await startApp({ env: { ...fakeUpstreamEnv(fake), IG_SESSIONID: 'bench-session' } });
  try {
    const view = async () => {
      const before = fake.counts.times.length;
      const started = performance.now();
      const res = await fetch(`${app.base}/api/v1/users/${PROFILE_FIXTURE.user}`);
      if (res.status !== 200) throw new Error(`the profile view answered ${res.status}`);
      await res.arrayBuffer();
      return { requests: fake.counts.times.length - before, ms: performance.now() - started };
    };
    const cold = await view();
    const warm = await view();
    return [
      row('30', 'Instagram requests, cold profile view (2026 fake, with a session)', cold.requests, 'requests', 'budget', 6),
      row('30', 'Instagram requests, the same view again within a minute', warm.requests, 'requests', 'budget', 1),
      row('30', 'cold profile view, time to answer (loopback fake)', cold.ms, 'ms', 'second view', warm.ms),
    ];
  } finally {
    await app.close();
    await fake.close();
  }
}
