import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeFileSize } from '../../../test/fake-instagram/cdn-bytes.ts';
import { startFakeCdn, type FakeCdn } from '../../../test/fake-instagram/cdn.ts';
import { RIG_SECRET, startApp, type AppRig } from '../../../test/app-rig.ts';
import { waitFor } from '../../../test/media-rig.ts';
import { signMediaToken } from '../media/token.ts';

const VIDEO = '/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/metrics-video.mp4';
const PHOTO = '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/metrics-photo.jpg';

let cdn: FakeCdn;
let rig: AppRig;
beforeAll(async () => {
  cdn = await startFakeCdn();
  rig = await startApp({ env: { MEDIA_TEST_ORIGINS: cdn.origin } });
});
afterAll(async () => {
  await rig.close();
  await cdn.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${rig.app.metricsUrl()}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!(rest.startsWith(' ') || rest.startsWith('{'))) continue;
    if (wanted.every((w) => rest.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return NaN;
}

const mediaPath = (cdnPath: string, k: 'video' | 'image') =>
  `/api/v1/media/${signMediaToken(RIG_SECRET, { t: 'm', k, u: cdn.urlFor(cdnPath), f: `f.${k === 'video' ? 'mp4' : 'jpg'}`, e: Math.floor(Date.now() / 1000) + 600 })}`;

describe('where /metrics is served', () => {
  it('is not on the public port', async () => {
    const res = await fetch(`${rig.base}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('gramsave_');
  });

  it('answers on its own loopback listener', async () => {
    const url = new URL(rig.app.metricsUrl()!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe(new URL(rig.base).port);
    expect(await scrape()).toContain('gramsave_http_request_duration_seconds');
    expect((await fetch(`${url.origin}/healthz`)).status).toBe(404);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'scrape-token-0123456789';
    const guarded = await startApp({ env: { METRICS_TOKEN: token } });
    try {
      const url = `${guarded.app.metricsUrl()}/metrics`;
      const none = await fetch(url);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('gramsave_');
      // The readiness detail is the operator's too.
      expect((await fetch(`${guarded.app.metricsUrl()}/readyz`)).status).toBe(401);
      expect((await fetch(`${guarded.app.metricsUrl()}/readyz`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(503);
      // The public port stays closed to it, token or not; health stays public.
      expect((await fetch(`${guarded.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      expect((await fetch(`${guarded.base}/healthz`)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('/metrics', () => {
  it('exposes latency histograms per route pattern, never per raw URL', async () => {
    await (await fetch(`${rig.base}/healthz`)).arrayBuffer();
    await (await fetch(`${rig.base}/api/v1/media/not-a-token`)).arrayBuffer();
    const text = await scrape();
    expect(sample(text, 'gramsave_http_request_duration_seconds_count', { route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'gramsave_http_request_duration_seconds_count', { route: '/api/v1/media/:token', status: '400' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('not-a-token');
    expect(text).toContain('gramsave_resolve_cache_total');
    expect(text).toContain('gramsave_process_resident_memory_bytes');
  });

  it('counts proxied bytes exactly, for whole files and for ranges', async () => {
    const before = sample(await scrape(), 'gramsave_proxied_bytes_total');
    const whole = await fetch(rig.base + mediaPath(VIDEO, 'video'));
    expect((await whole.arrayBuffer()).byteLength).toBe(fakeFileSize(VIDEO));
    const part = await fetch(rig.base + mediaPath(PHOTO, 'image'), { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(1000);
    const after = sample(await scrape(), 'gramsave_proxied_bytes_total');
    expect(after - before).toBe(fakeFileSize(VIDEO) + 1000);
  });

  it('reports open upstream sockets while a download holds one', async () => {
    cdn.setFault('*', { kind: 'hang-mid-body', afterBytes: 1000, times: 1 });
    const controller = new AbortController();
    const res = await fetch(rig.base + mediaPath(VIDEO, 'video'), { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    // This test process is both client and server: count the server's own outbound socket via the CDN.
    expect(cdn.openSockets()).toBeGreaterThanOrEqual(1);
    expect(sample(await scrape(), 'gramsave_upstream_open_sockets')).toBeGreaterThanOrEqual(1);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    // The client left: the server drops its CDN socket too.
    await waitFor(() => cdn.openSockets() === 0);
  });
});

describe('/healthz and /readyz', () => {
  it('healthz is up; readyz is 503 without a build, says why only on the metrics listener and only its status in public', async () => {
    expect(await (await fetch(`${rig.base}/healthz`)).json()).toEqual({ status: 'ok' });
    const open = await fetch(`${rig.base}/readyz`);
    // The public answer names no proxy, session or strategy (issue 32: the probe read them all there).
    expect([open.status, await open.json()]).toEqual([503, { status: 'not_ready' }]);
    const ready = await fetch(`${rig.app.metricsUrl()}/readyz`);
    expect([ready.status, ready.headers.get('content-type')]).toEqual([503, 'application/json; charset=utf-8']);
    const body = await ready.json();
    expect(body).toMatchObject({ status: 'not_ready', build: false, redis: 'off' });
    // Detail, not readiness: every post strategy's health, and the doc ids in use with their source.
    expect(Object.keys(body.strategies)).toEqual(['graphql-web-info', 'polaris-media', 'permalink', 'embed', 'media-info']);
    expect(body.strategies['graphql-web-info']).toMatchObject({ successRatio: 1, demoted: false, docId: { id: '27128499623469141', source: 'default' } });
    expect(body.egress).toMatchObject({ client: 'impit', sessions: { configured: 0, live: [], expired: [] }, egresses: [{ egress: 'direct', coolingMs: 0 }] });
    expect(body.docIds.polaris).toEqual({ id: '27130156389949648', source: 'default' });
  });

  it('exports each strategy\'s health and the doc ids in use', async () => {
    const text = await scrape();
    expect(sample(text, 'gramsave_strategy_success_ratio', { strategy: 'embed' })).toBe(1);
    expect(sample(text, 'gramsave_strategy_demoted', { strategy: 'graphql-web-info' })).toBe(0);
    expect(sample(text, 'gramsave_doc_id_info', { operation: 'shortcode', doc_id: '8845758582119845', source: 'default' })).toBe(1);
    // Each egress: whether it is down after transport failures, and the sessions pinned to it.
    expect([sample(text, 'gramsave_egress_down', { egress: 'direct' }), sample(text, 'gramsave_egress_sessions', { egress: 'direct' })]).toEqual([0, 0]);
  });
});
