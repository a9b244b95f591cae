/**
 * Issue 38: a lookup's signal is shared by all its requests; each transport must take back the abort listener it
 * added when its request ends (impit's wrapper keeps one on the signal until the body is read its own way, and we
 * read it as a bounded stream), or a lookup of many requests logs MaxListenersExceededWarning and keeps every
 * answer alive until its deadline.
 */
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeInstagram, type FakeInstagram } from '../../../../../test/fake-instagram/index.ts';
import { ImpitTransport, loadImpit } from './impit-transport.ts';
import type { Transport } from './transport.ts';
import { UndiciTransport } from './undici-transport.ts';

let fake: FakeInstagram;
beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake?.close());

const impit = loadImpit();
const transports: [string, () => Transport][] = [
  ['undici', () => new UndiciTransport({ timeoutMs: 5000, insecureTls: false })],
  ...('Impit' in impit ? [['impit', () => new ImpitTransport(impit.Impit, { timeoutMs: 5000, insecureTls: false })] as [string, () => Transport]] : []),
];

describe.each(transports)('the %s transport', (_name, make) => {
  it('leaves no abort listener on a signal shared by twelve requests', async () => {
    const transport = make();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const lookup = new AbortController();
      for (let i = 0; i < 12; i++) {
        const res = await transport.send({ url: `${fake.webOrigin}/`, method: 'GET', headers: {}, signal: lookup.signal, maxBytes: 1 << 20, browser: true });
        expect(res.status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([getEventListeners(lookup.signal, 'abort').length, warnings]).toEqual([0, []]);
    } finally {
      process.off('warning', onWarning);
      await transport.close();
    }
  });
});
