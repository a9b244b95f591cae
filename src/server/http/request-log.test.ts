import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamEnv, startApp, type AppRig } from '../../../test/app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from '../../../test/fake-instagram/index.ts';

let fake: FakeInstagram;
let rig: AppRig;
beforeAll(async () => {
  fake = await startFakeInstagram();
  rig = await startApp({ env: fakeUpstreamEnv(fake), captureLogs: 'info' });
});
afterAll(async () => {
  await rig.close();
  await fake.close();
});

const resolve = async (body: string) => {
  const res = await fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'one-line-1' }, body });
  await res.arrayBuffer();
  return res.status;
};
const lines = () => rig.logs.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request log (http/request-log.ts)', () => {
  it('writes one line for a cached resolve at info: the request, its status and its time', async () => {
    const body = JSON.stringify({ url: `https://www.instagram.com/p/${FIXTURE.image}/` });
    expect(await resolve(body)).toBe(200); // the lookup fills the cache
    rig.logs.length = 0;
    expect(await resolve(body)).toBe(200);
    const logged = lines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: 'one-line-1',
      req: { method: 'POST', url: '/api/v1/resolve', id: 'one-line-1' },
      res: { statusCode: 200 },
    });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('writes one line for a refused request too, with its status', async () => {
    rig.logs.length = 0;
    expect(await resolve('{"link": 1}')).toBe(400);
    expect(lines()).toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 400 } })]);
  });

  it('keeps the signed token out of a media URL it logs', async () => {
    rig.logs.length = 0;
    const res = await fetch(`${rig.base}/api/v1/media/secret-token-value.sig`);
    await res.arrayBuffer();
    expect(rig.logs.join('')).not.toContain('secret-token-value');
    expect(lines()).toEqual([expect.objectContaining({ req: expect.objectContaining({ url: '/api/v1/media/[token]' }) })]);
  });
});
