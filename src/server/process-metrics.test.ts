import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppRig } from '../../test/app-rig.ts';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function scrape(env: Record<string, string>): Promise<string[]> {
  rig = await startApp({ env });
  const text = await (await fetch(`${rig.app.metricsUrl()}/metrics`)).text();
  return text.split('\n').filter((line) => line.startsWith('# TYPE ')).map((line) => line.split(' ')[2] ?? '');
}

describe('METRICS_PREFIX', () => {
  it('names the process and Node.js metrics gramsave_* by default', async () => {
    const names = await scrape({});
    expect(names).toContain('gramsave_process_resident_memory_bytes');
    expect(names).toContain('gramsave_nodejs_eventloop_lag_p99_seconds');
    expect(names).not.toContain('process_resident_memory_bytes');
  });

  it('empty: the names the common Node.js dashboards (grafana.com 11159) query; ours keep gramsave_', async () => {
    const names = await scrape({ METRICS_PREFIX: '' });
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_version_info']) {
      expect(names).toContain(name);
    }
    expect(names.filter((name) => name.startsWith('gramsave_process_') || name.startsWith('gramsave_nodejs_'))).toEqual([]);
    expect(names).toContain('gramsave_http_request_duration_seconds');
    expect(names).toContain('gramsave_ready');
  });

  it('takes another prefix', async () => {
    const names = await scrape({ METRICS_PREFIX: 'shop_' });
    expect(names).toContain('shop_process_resident_memory_bytes');
    expect(names).toContain('gramsave_resolve_cache_total');
  });
});
