/**
 * The real app wired to the fake upstream on loopback, for integration tests of resolve:
 * `rig.resolve(url, tool?)` POSTs to /api/v1/resolve and returns status, headers and JSON.
 */
import type { ResolverTimeouts } from '../../src/server/extract/resolver.ts';
import { startApp, type AppRig } from '../app-rig.ts';
import { startFakeInstagram, type FakeInstagram } from './index.ts';

export interface ResolveRig {
  fake: FakeInstagram;
  app: AppRig;
  resolve(url: string, tool?: string): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Forget strategy outcomes, so tests that break strategies on purpose do not reorder the next test's chain. */
  resetHealth(): void;
  close(): Promise<void>;
}

export interface ResolveRigOptions {
  env?: Record<string, string>;
  /** Extra env computed from the fake's origins (providers). */
  envFor?: (fake: FakeInstagram) => Record<string, string>;
  timeouts?: Partial<ResolverTimeouts>;
  captureLogs?: 'info' | 'warn';
  fake?: FakeInstagram;
}

export async function startResolveRig(options: ResolveRigOptions = {}): Promise<ResolveRig> {
  const fake = options.fake ?? (await startFakeInstagram());
  const app = await startApp({
    env: {
      IG_WEB_ORIGIN: fake.webOrigin,
      IG_STATIC_ORIGIN: fake.staticOrigin,
      MEDIA_TEST_ORIGINS: fake.cdnOrigin,
      RATE_LIMIT_RESOLVE_PER_MIN: '100000',
      IG_EGRESS_PER_MIN: '1000000',
      THREADS_WEB_ORIGIN: fake.threadsOrigin,
      THREADS_EGRESS_PER_MIN: '1000000',
      ...options.env,
      ...options.envFor?.(fake),
    },
    resolveTimeouts: { requestMs: 3000, deadlineMs: 8000, ...options.timeouts },
    ...(options.captureLogs ? { captureLogs: options.captureLogs } : {}),
  });
  return {
    fake,
    app,
    async resolve(url, tool) {
      const res = await fetch(`${app.base}/api/v1/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(tool ? { url, tool } : { url }),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    },
    resetHealth: () => {
      app.app.resolver.health.reset();
      app.app.resolver.shapes.reset();
    },
    async close() {
      await app.close();
      if (!options.fake) await fake.close();
    },
  };
}

/**
 * Runs `run` on a second app that tries only `strategies`, on the same fake as `rig`: what those strategies read,
 * without the others covering for them.
 */
export async function withStrategiesAlone(rig: ResolveRig, strategies: string, run: (r: ResolveRig) => Promise<void>): Promise<void> {
  const single = await startResolveRig({ env: { IG_STRATEGIES: strategies }, fake: rig.fake });
  try {
    await run(single);
  } finally {
    await single.close();
  }
}
