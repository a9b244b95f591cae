/**
 * One identity on every route that queues on the egress budget (issue 38 point 4): an API key spread over ten
 * addresses is one client to the budget's fair queue, on resolve, batch, cobalt's POST / and the profile view alike.
 * With IG_EGRESS_PER_MIN=1 the key gets one token and MAX_WAITING_PER_CLIENT waiting requests; every other lookup is
 * refused at once (429 well before IG_EGRESS_MAX_WAIT_MS). Keyed by address, each address had its own two waiting
 * slots and its own "asked least" rank: cobalt and the profile view refused none at once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamEnv, startApp } from '../../../../test/app-rig.ts';
import { startFakeInstagram, type FakeInstagram } from '../../../../test/fake-instagram/index.ts';
import { MAX_WAITING_PER_CLIENT } from '../../extract/meta/egress/egress-budget.ts';

const KEY = 'cccccccc-3333-4333-8333-000000000001';
// Long, so that "at once" (under half of it) holds on a loaded machine: the whole suite runs on 2 cores.
const MAX_WAIT_MS = 6000;
const ADDRESSES = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 10}`);

let fake: FakeInstagram;
let keyFile: string;
beforeAll(async () => {
  fake = await startFakeInstagram();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-one-identity-'));
  keyFile = path.join(dir, 'keys.json');
  writeFileSync(keyFile, JSON.stringify({ [KEY]: { name: 'spread', limit: 'unlimited' } }));
});
afterAll(() => fake?.close());

/** A request for the i-th distinct lookup (distinct, so no two join one flight). */
type Send = (base: string, address: string, i: number) => Promise<Response>;
const headers = (address: string) => ({ 'content-type': 'application/json', authorization: `Api-Key ${KEY}`, 'x-forwarded-for': address });
const missingPost = (i: number) => `https://www.instagram.com/p/NoSuchPost${String(i).padStart(2, '0')}/`;
const ROUTES: Record<string, Send> = {
  'POST /api/v1/resolve': (base, address, i) => fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: headers(address), body: JSON.stringify({ url: missingPost(i) }) }),
  'POST /api/v1/batch': (base, address, i) => fetch(`${base}/api/v1/batch`, { method: 'POST', headers: headers(address), body: JSON.stringify({ links: [{ url: missingPost(i) }] }) }),
  "cobalt's POST /": (base, address, i) => fetch(`${base}/`, { method: 'POST', headers: { ...headers(address), accept: 'application/json' }, body: JSON.stringify({ url: missingPost(i) }) }),
  'GET /api/v1/users/{u}': (base, address, i) => fetch(`${base}/api/v1/users/no.such.user${i}`, { headers: headers(address) }),
};

describe('one API key from ten addresses is one client to the egress budget', () => {
  for (const [route, send] of Object.entries(ROUTES)) {
    it(`${route}: at most 1 + ${MAX_WAITING_PER_CLIENT} of 10 lookups go past the budget's door; the rest are refused at once`, async () => {
      const app = await startApp({
        env: { ...fakeUpstreamEnv(fake), IG_EGRESS_PER_MIN: '1', IG_EGRESS_MAX_WAIT_MS: String(MAX_WAIT_MS), API_KEY_URL: pathToFileURL(keyFile).href, TRUST_PROXY: 'true' },
      });
      try {
        const started = Date.now();
        const answers = await Promise.all(
          ADDRESSES.map(async (address, i) => {
            const res = await send(app.base, address, i);
            await res.arrayBuffer();
            return { status: res.status, ms: Date.now() - started };
          }),
        );
        // Refused at once: a 429 long before the wait would have ended (the machine is shared: half the wait).
        const refusedAtOnce = answers.filter((a) => a.status === 429 && a.ms < MAX_WAIT_MS / 2);
        expect(refusedAtOnce.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(ADDRESSES.length - 1 - MAX_WAITING_PER_CLIENT);
      } finally {
        await app.close();
      }
    }, 30_000);
  }
});
