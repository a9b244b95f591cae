import { describe, expect, it } from 'vitest';
import { startApp } from '../../../test/app-rig.ts';
import { LocalWindows } from './rate-limit-store.ts';

describe('LocalWindows (the per-instance fallback while Redis is down)', () => {
  it('counts within a fixed window and starts over after it', () => {
    const windows = new LocalWindows();
    expect(windows.incr('ip', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(windows.incr('ip', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(windows.incr('other', 1000, 400)).toEqual({ current: 1, ttl: 1000 });
    expect(windows.incr('ip', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('holds at most its capacity of keys, dropping the oldest', () => {
    const windows = new LocalWindows(2);
    windows.incr('a', 1000, 0);
    windows.incr('a', 1000, 0);
    windows.incr('b', 1000, 0);
    windows.incr('c', 1000, 0);
    expect(windows.incr('a', 1000, 1).current).toBe(1); // 'a' was dropped
  });
});

describe('client IP for rate limits', () => {
  const hammer = async (base: string, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/v1/media/x.y`, { headers: { 'x-forwarded-for': forwardedFor(i) } });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For unless TRUST_PROXY is on (a client cannot step around its limit)', async () => {
    const rig = await startApp({ env: { RATE_LIMIT_MEDIA_PER_MIN: '2' } });
    try {
      expect(await hammer(rig.base, (i) => `203.0.113.${i}`)).toEqual([400, 400, 429]);
    } finally {
      await rig.close();
    }
  });

  it('behind a trusted proxy, limits each forwarded client separately', async () => {
    const rig = await startApp({ env: { RATE_LIMIT_MEDIA_PER_MIN: '2', TRUST_PROXY: 'true' } });
    try {
      expect(await hammer(rig.base, (i) => `203.0.113.${i}`)).toEqual([400, 400, 400]);
      expect(await hammer(rig.base, () => '198.51.100.7')).toEqual([400, 400, 429]);
    } finally {
      await rig.close();
    }
  });
});
