/**
 * Issue 32's fast path: a cached resolve with an API key and with a challenge's token, against the same resolve sent
 * anonymously to the same server, in alternating rounds (median of each): what the access gate costs a lookup that
 * carries credentials. The server has a key file (API_KEY_URL) and the challenge on. `npx tsx bench/access-path.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { solveChallenge, type Challenge } from '../src/server/http/access/proof-of-work.ts';
import { FIXTURE } from '../test/fake-instagram/index.ts';
import { startServerChild } from './children.ts';
import { JSON_HEADERS, resolveBody, warmCache } from './resolve.ts';
import { row, type BenchRow } from './table.ts';

const KEY = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function accessPathRows(rounds = 4, seconds = 3): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-bench-keys-'));
  writeFileSync(path.join(dir, 'keys.json'), JSON.stringify({ [KEY]: { name: 'bench', limit: 'unlimited' } }));
  const server = await startServerChild({ env: { API_KEY_URL: pathToFileURL(path.join(dir, 'keys.json')).href } });
  try {
    await warmCache(server.url);
    const challenge = (await (await fetch(`${server.url}/api/v1/challenge`)).json()) as Challenge;
    const session = await fetch(`${server.url}/api/v1/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challenge, solution: solveChallenge(challenge) }) });
    const { token } = (await session.json()) as { token: string };
    const kinds = {
      anonymous: JSON_HEADERS,
      key: { ...JSON_HEADERS, authorization: `Api-Key ${KEY}` },
      token: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
    };
    const figures: Record<keyof typeof kinds, number[]> = { anonymous: [], key: [], token: [] };
    const order = Object.keys(kinds) as (keyof typeof kinds)[];
    for (let round = -1; round < rounds; round++) {
      for (const kind of round % 2 ? order : [...order].reverse()) {
        const requests = [{ method: 'POST' as const, path: '/api/v1/resolve', headers: kinds[kind], body: resolveBody(FIXTURE.image) }];
        const result = await autocannon({ url: server.url, connections: 50, duration: round < 0 ? 1 : seconds, requests });
        if (result.non2xx + result.errors > 0) throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        if (round >= 0) figures[kind].push(result.requests.mean); // round -1 warms the JIT
      }
    }
    const label = `(50 conns, median of ${rounds} alternating ${seconds} s rounds)`;
    return [
      row('32', `cached resolve with an API key ${label}`, median(figures.key), 'req/s', 'anonymous', median(figures.anonymous)),
      row('32', `cached resolve with a challenge's token ${label}`, median(figures.token), 'req/s', 'anonymous', median(figures.anonymous)),
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('access-path.ts')) {
  void accessPathRows().then(
    (rows) => {
      console.log(JSON.stringify(rows.map((r) => [r.figure.split(' (')[0], r.value, r.baselineValue, r.ratio])));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
