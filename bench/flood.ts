/**
 * Issue 38's flood (point 3): many addresses each sending one cold lookup of a missing post every 5 s, solving the
 * challenge natively when asked (bench/flood-child.ts, in its own process: its CPU counts on the same cores as the
 * server's), and one visitor looking up real posts meanwhile, every one cold, solving when asked as the page does.
 * At the product's defaults (IG_EGRESS_PER_MIN 60, IG_EGRESS_MAX_WAIT_MS 3 s, RATE_LIMIT_RESOLVE_PER_MIN 30,
 * CHALLENGE_FREE_PER_MIN 10), behind a proxy (TRUST_PROXY). Figures, each against one measured in the same run:
 * - the visitor's share (lookups served of those asked) and its p50/p99 (the whole lookup: a solve included), against
 *   the same visitor alone;
 * - how many of the visitor's answers came within the wait (served, or 429 with a Retry-After) — the goal is all;
 * - goodput, from the server's own counts (gramsave_egress_lookups_total): lookups finished of lookups admitted, and
 *   the Instagram requests of finished lookups of all Instagram requests sent (goal at 200 addresses: ≥ 80 %).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerChild, type ServerChild } from './children.ts';
import { lookUpAs, type FloodChildOptions, type FloodCounts } from './flood-child.ts';
import { row, type BenchRow } from './table.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The fake's posts (test/fake-instagram/fixtures.ts): each visitor lookup is a post not yet cached. */
const VISITOR_POSTS = ['B866lKJgReK', 'CDmDQNtlRYt', 'CAOK1qJgfRM', 'CAanWEbg_do', 'DFp17y5MymE', 'CjoroLDKakw', 'CjoJvU1oQuH', 'Cji5EVwNDcC'];
/** A visitor reads what it got between lookups: one every 6 s (the probe's visitor asked 9 in a minute). */
const VISITOR_GAP_MS = 6000;
const FLOOD_PERIOD_MS = 5000;
/** The flood runs this long before the visitor comes: the budget is spent and the queue full. */
const WARM_UP_MS = 6000;
const MAX_WAIT_MS = 3000;
const ENV = { TRUST_PROXY: 'true', RATE_LIMIT_RESOLVE_PER_MIN: '30', IG_EGRESS_PER_MIN: '60', IG_EGRESS_MAX_WAIT_MS: String(MAX_WAIT_MS), CHALLENGE_FREE_PER_MIN: '10' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export interface VisitorFigures {
  asked: number;
  served: number;
  /** The server answered within the wait (a solve before not counted): served, or 429 with a Retry-After. */
  answeredInTime: number;
  p50: number;
  p99: number;
  /** Each lookup: its status (and error code), and how long it took in seconds. */
  answers: string[];
}

async function visitor(base: string, gapMs: number): Promise<VisitorFigures> {
  const tokens = new Map<string, string>();
  const times: number[] = [];
  const answers: string[] = [];
  let served = 0;
  let answeredInTime = 0;
  for (const code of VISITOR_POSTS) {
    const started = performance.now();
    const timing: { lastMs?: number } = {};
    const res = await lookUpAs(base, '192.0.2.7', code, tokens, undefined, timing);
    const body = await res.text();
    const ms = performance.now() - started;
    times.push(ms);
    const error = res.status >= 400 ? (JSON.parse(body) as { error?: { code?: string } }).error?.code : undefined;
    answers.push(`${res.status}${error ? ` ${error}` : ''} ${(ms / 1000).toFixed(1)}s (server ${((timing.lastMs ?? ms) / 1000).toFixed(1)}s)`);
    if (res.status === 200) served++;
    const told = res.status === 429 && Number(res.headers.get('retry-after')) >= 1;
    // The server's answer to the lookup (after a solve, if one was asked) within the wait, and a second for the round
    // trip on a loaded machine.
    if ((res.status === 200 || told) && (timing.lastMs ?? ms) <= MAX_WAIT_MS + 1000) answeredInTime++;
    await sleep(gapMs);
  }
  return { asked: VISITOR_POSTS.length, served, answeredInTime, p50: percentile(times, 50), p99: percentile(times, 99), answers };
}

export interface Goodput {
  admitted: number;
  finished: number;
  cut: number;
  refused: number;
  finishedRequests: number;
  requests: number;
}

/** The server's own counts of its lookups and Instagram requests (its private /metrics). */
async function goodputOf(server: ServerChild): Promise<Goodput> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  const sum = (re: RegExp) => text.split('\n').filter((line) => re.test(line)).reduce((total, line) => total + Number(line.split(' ').pop()), 0);
  return {
    admitted: sum(/^gramsave_egress_lookups_total\{event="admitted"\}/),
    finished: sum(/^gramsave_egress_lookups_total\{event="finished"\}/),
    cut: sum(/^gramsave_egress_lookups_total\{event="cut"\}/),
    refused: sum(/^gramsave_egress_lookups_total\{event="refused"\}/),
    finishedRequests: sum(/^gramsave_egress_lookup_requests_total\{lookup="finished"\}/),
    requests: sum(/^gramsave_egress_total\{.*event="request"/),
  };
}

function startFlood(options: FloodChildOptions): Promise<{ stop(): Promise<FloodCounts> }> {
  const child = fork(path.join(here, 'flood-child.ts'), [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`flood-child.ts exited (${code})`)));
    child.once('message', () =>
      resolve({
        stop: () =>
          new Promise<FloodCounts>((done) => {
            child.on('message', (m) => done((m as { counts: FloodCounts }).counts));
            child.send('stop');
          }),
      }),
    );
  });
}

export interface FloodRun {
  addresses: number;
  visitor: VisitorFigures;
  goodput: Goodput;
  flood: FloodCounts;
  seconds: number;
}

async function flooded(addresses: number): Promise<FloodRun> {
  const server = await startServerChild({ env: ENV });
  const started = Date.now();
  try {
    const flood = await startFlood({ base: server.url, addresses: Array.from({ length: addresses }, (_, i) => `10.38.${Math.floor(i / 250)}.${(i % 250) + 1}`), periodMs: FLOOD_PERIOD_MS });
    await sleep(WARM_UP_MS);
    const figures = await visitor(server.url, VISITOR_GAP_MS);
    const counts = await flood.stop();
    return { addresses, visitor: figures, goodput: await goodputOf(server), flood: counts, seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await server.stop();
  }
}

export async function floodFigures(): Promise<{ alone: VisitorFigures; runs: FloodRun[] }> {
  const server = await startServerChild({ env: ENV });
  let alone: VisitorFigures;
  try {
    alone = await visitor(server.url, 500);
  } finally {
    await server.stop();
  }
  // FLOOD_SIZES=20 runs one size alone (a quicker look); the bench's figures are at 20 and 200 addresses.
  const runs: FloodRun[] = [];
  for (const n of (process.env.FLOOD_SIZES ?? '20,200').split(',')) runs.push(await flooded(Number(n)));
  return { alone, runs };
}

export async function floodRows(): Promise<BenchRow[]> {
  const { alone, runs } = await floodFigures();
  const rows: BenchRow[] = [];
  for (const run of runs) {
    const { visitor: v, goodput: g, flood: f } = run;
    const who = `${run.addresses} addresses flooding`;
    const others = Object.entries(f.other).map(([what, n]) => `${n}× ${what}`).join(', ');
    const note = `visitor: ${v.answers.join(', ')}; flood: ${f.lookups} lookups, ${f.answered} answered, ${f.refused} refused, ${f.solved} solves${others ? `, ${others}` : ''} in ${run.seconds} s; server: ${g.admitted} admitted, ${g.finished} finished, ${g.cut} cut, ${g.refused} refused; machine shared and loaded`;
    rows.push(
      row('38', `visitor's share, ${who}`, v.served / v.asked, '', 'the visitor alone', alone.served / alone.asked, note),
      row('38', `visitor answered within the wait (served, or told when), ${who}`, v.answeredInTime, 'lookups', 'asked', v.asked),
      row('38', `visitor's cold lookup p50, ${who}`, v.p50, 'ms', 'the visitor alone', alone.p50),
      row('38', `visitor's cold lookup p99, ${who}`, v.p99, 'ms', 'the visitor alone', alone.p99),
      row('38', `goodput: lookups finished of admitted, ${who}`, g.finished, 'lookups', 'admitted', g.admitted),
      row('38', `goodput: Instagram requests of finished lookups, ${who}`, g.finishedRequests, 'requests', 'all sent', g.requests),
    );
  }
  return rows;
}

if (process.argv[1]?.endsWith('flood.ts')) {
  void floodFigures().then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
