import { describe, expect, it } from 'vitest';
import { countCacheLookup, metricsRegistry } from './metrics.ts';

const lookups = async (result: string) => {
  const text = await metricsRegistry.getSingleMetricAsString('gramsave_resolve_cache_total');
  return Number(new RegExp(`^gramsave_resolve_cache_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
};

describe('resolution cache lookups (gramsave_resolve_cache_total)', () => {
  it('reads every hit and miss counted before each scrape, once', async () => {
    const [hits, misses] = [await lookups('hit'), await lookups('miss')];
    for (let i = 0; i < 5; i++) countCacheLookup('hit');
    countCacheLookup('miss');
    expect(await lookups('hit')).toBe(hits + 5);
    expect(await lookups('miss')).toBe(misses + 1);
    expect(await lookups('hit')).toBe(hits + 5);
    countCacheLookup('hit');
    expect(await lookups('hit')).toBe(hits + 6);
    expect((await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'gramsave_resolve_cache_total')?.values).toContainEqual(
      expect.objectContaining({ labels: { result: 'hit' }, value: hits + 6 }),
    );
  });
});
