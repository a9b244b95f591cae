import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppRig } from '../../../test/app-rig.ts';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function readiness(withBuild: boolean): Promise<{ status: number; gauge: string | undefined }> {
  rig = await startApp({ withBuild });
  const { status } = await fetch(`${rig.base}/readyz`);
  const text = await (await fetch(`${rig.app.metricsUrl()}/metrics`)).text();
  return { status, gauge: text.split('\n').find((line) => line.startsWith('gramsave_ready '))?.split(' ')[1] };
}

describe('gramsave_ready (what the readiness alert reads)', () => {
  it('is 1 when /readyz answers ready', async () => {
    expect(await readiness(true)).toEqual({ status: 200, gauge: '1' });
  });

  it('is 0 when /readyz answers not ready (no build)', async () => {
    expect(await readiness(false)).toEqual({ status: 503, gauge: '0' });
  });
});
