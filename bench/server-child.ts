/**
 * The app (with the fake Instagram beside it) in its own process, so a load generator in the parent
 * does not share its event loop. Started by bench/*.ts with fork(); argv[2] is JSON ServerChildOptions.
 */
import { startApp, fakeUpstreamEnv } from '../test/app-rig.ts';
import { startFakeInstagram } from '../test/fake-instagram/index.ts';

export interface ServerChildOptions {
  env?: Record<string, string>;
  port?: number;
  /** Serve the real build (for Lighthouse): BUILD_DIR=build/client. */
  realBuild?: boolean;
}

/** metricsUrl: the private metrics listener (its /metrics), for figures the app counts itself. */
export type ServerChildMessage = { type: 'ready'; url: string; metricsUrl?: string };

async function main() {
  const options = JSON.parse(process.argv[2] ?? '{}') as ServerChildOptions;
  const fake = await startFakeInstagram();
  const rig = await startApp({
    port: options.port,
    env: {
      ...fakeUpstreamEnv(fake),
      RATE_LIMIT_RESOLVE_PER_MIN: '100000000',
      RATE_LIMIT_MEDIA_PER_MIN: '100000000',
      ...(options.realBuild ? { BUILD_DIR: 'build/client' } : {}),
      ...options.env,
    },
  });
  const metricsUrl = rig.app.metricsUrl();
  process.send?.({ type: 'ready', url: rig.base, ...(metricsUrl ? { metricsUrl } : {}) } satisfies ServerChildMessage);
  process.on('message', () => {
    void rig
      .close()
      .then(() => fake.close())
      .then(() => process.exit(0));
  });
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
