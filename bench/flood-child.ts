/**
 * The flooders of bench/flood.ts in their own process (their CPU is spent here, on the same two cores as the server,
 * not on the visitor's event loop): each address sends one cold lookup of a missing post every PERIOD_MS, through a
 * proxy (TRUST_PROXY: its own X-Forwarded-For), and when it is answered `challenge_required` it solves the challenge
 * natively (SHA-256 in Node, far faster than a browser, on one worker thread: flood-solver.ts) and sends it again
 * with the token, as the page does. argv[2]: JSON { base, addresses, periodMs }. On any message it sends its counts
 * back and stops (lookups still in flight are not waited for: with 200 addresses the solves queue up for minutes).
 */
import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from '../src/server/http/access/proof-of-work.ts';
import { workerSolver, type Solver } from './flood-solver.ts';

export interface FloodChildOptions {
  base: string;
  addresses: string[];
  periodMs: number;
}

export interface FloodCounts {
  lookups: number;
  /** Answered (200 or 404: a missing post's answer is its answer). */
  answered: number;
  /** 429 rate_limited: told when to come back. */
  refused: number;
  solved: number;
  /** Any other answer, by status and error code (e.g. a rate limit per address, or a challenge asked again). */
  other: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function errorCode(res: Response): Promise<string | undefined> {
  if (res.status < 400) return undefined;
  return ((await res.clone().json().catch(() => undefined)) as { error?: { code?: string } } | undefined)?.error?.code;
}

/** A token for `address`: the challenge asked for, solved, redeemed. */
export async function earnToken(base: string, address: string, solve: Solver = async (c) => solveChallenge(c)): Promise<string | undefined> {
  const headers = { 'x-forwarded-for': address };
  const challengeRes = await fetch(`${base}/api/v1/challenge`, { headers });
  if (!challengeRes.ok) return undefined;
  const challenge = (await challengeRes.json()) as Challenge;
  const solution = await solve(challenge);
  const session = await fetch(`${base}/api/v1/session`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ challenge, solution }) });
  if (!session.ok) return undefined;
  return ((await session.json()) as { token: string }).token;
}

/** One lookup as the page sends it: with the token held, and once more with a fresh one when asked for the challenge. */
export async function lookUpAs(
  base: string,
  address: string,
  shortcode: string,
  tokens: Map<string, string>,
  onSolve: () => void = () => undefined,
  /** Set to how long the server took to answer the last request (a solve before it not included). */
  timing: { lastMs?: number } = {},
  solve?: Solver,
): Promise<Response> {
  const send = async () => {
    const token = tokens.get(address);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ url: `https://www.instagram.com/p/${shortcode}/` }),
    });
    timing.lastMs = performance.now() - started;
    return res;
  };
  const first = await send();
  if ((await errorCode(first)) !== 'challenge_required') return first;
  const token = await earnToken(base, address, solve);
  if (!token) return first;
  onSolve();
  tokens.set(address, token);
  return send();
}

async function main() {
  const { base, addresses, periodMs } = JSON.parse(process.argv[2] ?? '{}') as FloodChildOptions;
  const counts: FloodCounts = { lookups: 0, answered: 0, refused: 0, solved: 0, other: {} };
  const other = (what: string) => (counts.other[what] = (counts.other[what] ?? 0) + 1);
  const tokens = new Map<string, string>();
  const solve = workerSolver();
  let flooding = true;
  const flooder = async (address: string, offset: number) => {
    await sleep(offset);
    while (flooding) {
      const started = Date.now();
      counts.lookups++;
      try {
        const res = await lookUpAs(base, address, randomBytes(8).toString('base64url').slice(0, 11), tokens, () => counts.solved++, {}, solve);
        const code = await errorCode(res);
        if (res.status === 200 || res.status === 404) counts.answered++;
        else if (code === 'rate_limited') counts.refused++;
        else other(`${res.status} ${code ?? ''}`.trim());
        await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        other(`${(err as Error).name} ${cause?.code ?? cause?.message ?? (err as Error).message}`);
      }
      await sleep(Math.max(0, periodMs - (Date.now() - started)));
    }
  };
  // Spread over the period, as independent clients are.
  const all = addresses.map((address, i) => flooder(address, Math.floor((i * periodMs) / addresses.length)));
  process.send?.({ type: 'ready' });
  void all;
  process.once('message', () => {
    flooding = false;
    process.send?.({ type: 'counts', counts }, () => process.exit(0));
  });
}

if (process.argv[1]?.endsWith('flood-child.ts')) void main();
