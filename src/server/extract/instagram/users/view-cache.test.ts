/** The profile view's cache: one load per key at a time, kept for the time its value allows, never when that is 0. */
import { describe, expect, it } from 'vitest';
import { MemoryResolutionCache } from '../../../store/resolution-cache.ts';
import { ViewCache } from './view-cache.ts';

describe('ViewCache', () => {
  it('concurrent callers share one load; the value is then served from the store', async () => {
    const cache = new ViewCache(new MemoryResolutionCache());
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return { albums: [1, 2] };
    };
    const [a, b] = await Promise.all([cache.get('u:tray', load, () => 60_000), cache.get('u:tray', load, () => 60_000)]);
    expect(a).toEqual({ albums: [1, 2] });
    expect(b).toBe(a);
    expect(await cache.get('u:tray', load, () => 60_000)).toEqual(a);
    expect(loads).toBe(1);
  });

  it('a value whose time is 0 (a CDN link about to expire) is not kept, and a failed load is not either', async () => {
    const cache = new ViewCache(new MemoryResolutionCache());
    let loads = 0;
    await cache.get('u:stories', async () => ++loads, () => 0);
    await cache.get('u:stories', async () => ++loads, () => 0);
    expect(loads).toBe(2);
    await expect(cache.get('u:posts', async () => Promise.reject(new Error('429')), () => 60_000)).rejects.toThrow('429');
    expect(await cache.get('u:posts', async () => 'fresh', () => 60_000)).toBe('fresh');
  });
});
