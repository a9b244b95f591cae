/** The demo's Threads links do what their labels say, through the real app and the fake's Threads face. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResolveRig, type ResolveRig } from '../test/fake-instagram/rig.ts';
import { THREADS_FAILURES, THREADS_LINKS } from './demo-threads.ts';

let rig: ResolveRig;
beforeAll(async () => {
  rig = await startResolveRig();
});
afterAll(async () => {
  await rig?.close();
});

describe('npm run demo’s Threads links', () => {
  it('each sample resolves as a Threads post with its media', async () => {
    for (const [label, link] of THREADS_LINKS) {
      const { status, body } = await rig.resolve(link);
      expect(status, label).toBe(200);
      expect(body.service, label).toBe('threads');
      expect(body.items.length, label).toBeGreaterThan(label.includes('carousel') ? 1 : 0);
      if (label.includes('GIF')) expect(body.items[0].filename, label).toMatch(/\.mp4$/);
    }
  });

  it('each failure fails as its label says, as a Threads link', async () => {
    const codes = await Promise.all(THREADS_FAILURES.map(async ([, link]) => (await rig.resolve(link)).body.error));
    expect(codes.map((error) => [error.code, error.service])).toEqual([
      ['no_media', 'threads'],
      ['unsupported', 'threads'],
      ['private', 'threads'],
    ]);
  });
});
