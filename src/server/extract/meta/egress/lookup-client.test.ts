import { executionAsyncId } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { fakeUpstreamEnv, startApp } from '../../../../../test/app-rig.ts';
import { FIXTURE, startFakeInstagram } from '../../../../../test/fake-instagram/index.ts';
import { asClient, clientOfRequest, detached, lookupOf, withInnerLookup, withLookup } from './lookup-client.ts';

/** The async id a promise's continuation runs under: 0 while no async hook is on in the process. */
const continuationId = () => new Promise<number>((resolve) => void Promise.resolve().then(() => resolve(executionAsyncId())));

describe('lookup context (lookup-client.ts)', () => {
  it('a lookup turns on no async hook: promises stay cheap for every request after it (an AsyncLocalStorage turned them on for good)', async () => {
    expect(await continuationId()).toBe(0);
    const fake = await startFakeInstagram();
    const rig = await startApp({ env: fakeUpstreamEnv(fake) });
    try {
      const res = await fetch(`${rig.base}/api/v1/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://www.instagram.com/p/${FIXTURE.image}/` }),
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(fake.counts.total()).toBeGreaterThan(0); // a lookup ran: Instagram (the fake) was asked
      expect(await continuationId()).toBe(0);
    } finally {
      await rig.close();
      await fake.close();
    }
  });

  it("carries the client and the lookup on the lookup's deadline, for as long as the lookup runs", async () => {
    const deadline = asClient(AbortSignal.timeout(10_000), '203.0.113.9');
    expect(clientOfRequest(deadline)).toBe('203.0.113.9');
    expect(clientOfRequest(AbortSignal.timeout(10_000))).toBe('anonymous');
    expect(clientOfRequest(undefined)).toBe('anonymous');
    let during;
    await withLookup('post', 3000, deadline, async () => {
      await null;
      during = lookupOf(deadline);
    });
    expect(during).toMatchObject({ cost: 4 });
    expect(lookupOf(deadline)).toBeUndefined();
    expect(clientOfRequest(deadline)).toBe('203.0.113.9');
  });

  it("gives an inner lookup (a heal) its own reservation, the outer's client and wait allowance", async () => {
    const outer = asClient(AbortSignal.timeout(10_000), 'key:reader');
    await withLookup('post', 3000, outer, async () => {
      const pass = AbortSignal.timeout(10_000);
      await withInnerLookup('heal', outer, pass, async () => {
        expect(lookupOf(pass)).toMatchObject({ cost: 10 });
        expect(lookupOf(pass)!.allowance).toBe(lookupOf(outer)!.allowance);
        expect(clientOfRequest(pass)).toBe('key:reader');
      });
    });
    // A probe's heal, outside any lookup: no allowance, anonymous.
    const probe = AbortSignal.timeout(10_000);
    await withInnerLookup('heal', undefined, probe, async () => {
      expect(lookupOf(probe)!.allowance).toBeUndefined();
      expect(clientOfRequest(probe)).toBe('anonymous');
    });
  });

  it('detaches shared work from a deadline without losing whose it is', async () => {
    const deadline = asClient(AbortSignal.abort(), '198.51.100.4');
    await withLookup('post', 3000, deadline, async () => {
      const shared = detached(deadline)!;
      expect(shared.aborted).toBe(false);
      expect(clientOfRequest(shared)).toBe('198.51.100.4');
      expect(lookupOf(shared)).toBe(lookupOf(deadline));
    });
    expect(detached(AbortSignal.timeout(10_000))).toBeUndefined();
  });
});
