/**
 * Issue 3 and 7 figures for the resolve API:
 * - cached resolve throughput, against a bare JSON route (/healthz) of the same server (autocannon), and the same
 *   two requests against a bare node:http server sending the same bytes (what Node itself costs for them);
 * - the latency a cache miss adds over the fake upstream's own (median), measured in-process: each
 *   upstream request is timed through undici's diagnostics channel and subtracted from the wall time;
 * - resolve under 200 concurrent clients (p50, p99, errors), against /healthz under the same load.
 */
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { request } from 'undici';
import { fakeUpstreamEnv, startApp } from '../test/app-rig.ts';
import { FIXTURE, startFakeInstagram } from '../test/fake-instagram/index.ts';
import type { BareAnswers } from './bare-http-child.ts';
import { startChildScript, startServerChild, type ServerChild } from './children.ts';
import { formatTable, missing, row, type BenchRow } from './table.ts';

const POSTS = [FIXTURE.image, FIXTURE.reel, FIXTURE.igtv, FIXTURE.carousel, FIXTURE.reel2025, FIXTURE.v1Image, FIXTURE.v1Reel, FIXTURE.v1Carousel];
export const resolveBody = (shortcode: string) => JSON.stringify({ url: `https://www.instagram.com/p/${shortcode}/` });
/** What Chromium sends: the answers are measured as browsers receive them (compressed). */
export const BROWSER_ACCEPT = { 'accept-encoding': 'gzip, deflate, br, zstd' };
export const JSON_HEADERS = { 'content-type': 'application/json', ...BROWSER_ACCEPT };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function warmCache(base: string): Promise<void> {
  for (const shortcode of POSTS) {
    const res = await fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: JSON_HEADERS, body: resolveBody(shortcode) });
    if (res.status !== 200) throw new Error(`warm-up resolve of ${shortcode}: ${res.status}`);
    await res.arrayBuffer();
  }
}

const load = (url: string, connections: number, duration: number, requests?: AutocannonRequest[]): Promise<AutocannonResult> =>
  autocannon({ url, connections, duration, timeout: 10, headers: BROWSER_ACCEPT, ...(requests ? { requests } : {}) });

const failures = (r: AutocannonResult) => r.errors + r.timeouts + r.non2xx;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

export interface RoundFigures {
  perSecond: number;
  /** Server CPU per request, µs. */
  cpuUs?: number;
}

export async function measuredLoad(server: ServerChild, url: string, seconds: number, requests?: AutocannonRequest[]): Promise<RoundFigures> {
  const cpuBefore = cpuSecondsOf(server.process.pid!);
  const result = await load(url, 50, seconds, requests);
  if (failures(result) > 0) throw new Error(`${url} load had ${failures(result)} failures`);
  const cpuAfter = cpuSecondsOf(server.process.pid!);
  const cpuUs = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
  return { perSecond: result.requests.mean, cpuUs };
}

/** What the app sent for /healthz and a resolve, as sent: what the bare floors answer. */
export async function bareAnswersOf(app: ServerChild): Promise<BareAnswers> {
  // undici's request, not fetch(): fetch would decode the answer and sort the headers, and the floors send both as sent.
  const health = await request(`${app.url}/healthz`, { headers: BROWSER_ACCEPT });
  const sent = await request(`${app.url}/api/v1/resolve`, { method: 'POST', headers: JSON_HEADERS, body: resolveBody(FIXTURE.image) });
  return {
    health: await health.body.text(),
    healthHeaders: headersAsSent(Object.entries(health.headers)),
    resolve: Buffer.from(await sent.body.arrayBuffer()).toString('base64'),
    resolveHeaders: headersAsSent(Object.entries(sent.headers)),
  };
}

/** Node writes these itself (the date, the connection's, the length); every other header goes to the floors as the app sent it. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

function headersAsSent(entries: [string, unknown][]): [string, string][] {
  return entries.filter(([name]) => !WRITTEN_BY_NODE.has(name)).map(([name, value]) => [name, String(value)]);
}

/** A bare node:http server and a bare Fastify answering /healthz and a resolve with the bytes the app sent for them. */
async function startBareFloor(app: ServerChild): Promise<[ServerChild, ServerChild]> {
  const answers = JSON.stringify(await bareAnswersOf(app));
  return Promise.all([startChildScript('bare-http-child.ts', [answers]), startChildScript('bare-http-child.ts', [answers, 'fastify'])]);
}

const medianOf = (figures: RoundFigures[], key: keyof RoundFigures) =>
  figures.every((f) => f[key] !== undefined) ? median(figures.map((f) => f[key]!)) : undefined;

/** Two CPU figures as a row whose ratio is inverted (bare ÷ cached): like the req/s rows, 1 means "costs no more". */
function cpuRow(figure: string, cached: number | undefined, bare: number | undefined): BenchRow {
  if (cached === undefined || bare === undefined) return missing('13', figure, 'no /proc here');
  return { ...row('13', figure, cached, 'µs', 'per GET /healthz', bare), ratio: Math.round((bare / cached) * 1000) / 1000, note: 'ratio: healthz ÷ resolve' };
}

/** Two CPU figures as a row whose ratio is cached ÷ bare (how many times the floor's CPU a request costs). */
function cpuTimesRow(issue: string, figure: string, cached: number | undefined, baseline: string, bare: number | undefined, note = 'ratio: × the floor (goal ≤ 1.3)'): BenchRow {
  return cached === undefined || bare === undefined ? missing(issue, figure, 'no /proc here') : row(issue, figure, cached, 'µs', baseline, bare, note);
}

/**
 * The two loads alternate in short rounds (order swapped each round) and each figure is the median of its
 * rounds: this machine's speed drifts by a third from one minute to the next, and back-to-back single runs put
 * that drift into the ratio. The server's CPU per request is the steadier figure of the two. The same two loads
 * go to a bare node:http server in the same rounds (startBareFloor): what the POST costs over the GET in Node
 * itself, an extra cost no framework on top of it can avoid (the ratios differ: a framework adds to both).
 */
export async function cachedThroughputRows(rounds = 4, seconds = 3, against?: string): Promise<BenchRow[]> {
  const server = await startServerChild();
  let floors: [ServerChild, ServerChild] | undefined;
  let old: ServerChild | undefined;
  try {
    await warmCache(server.url);
    floors = await startBareFloor(server);
    const [node, fastify] = floors;
    if (against) {
      old = await startServerChild({}, [], against);
      await warmCache(old.url);
    }
    const resolveRequests = [{ method: 'POST', path: '/api/v1/resolve', headers: JSON_HEADERS, body: resolveBody(FIXTURE.image) }];
    for (const child of [server, node, fastify, ...(old ? [old] : [])]) {
      await load(child.url, 20, 2, resolveRequests); // JIT warm-up
      await load(`${child.url}/healthz`, 20, 2);
    }
    type Pair = { get: RoundFigures[]; post: RoundFigures[] };
    const pair = (): Pair => ({ get: [], post: [] });
    const figures = { app: pair(), node: pair(), fastify: pair(), old: pair() };
    const children = [['app', server], ['node', node], ['fastify', fastify], ...(old ? [['old', old] as const] : [])] as const;
    const loads = children.flatMap(([name, child]) => [
      async () => figures[name].get.push(await measuredLoad(child, `${child.url}/healthz`, seconds)),
      async () => figures[name].post.push(await measuredLoad(child, `${child.url}/api/v1/resolve`, seconds, resolveRequests)),
    ]);
    for (let round = 0; round < rounds; round++) {
      for (const run of round % 2 ? [...loads].reverse() : loads) await run();
    }
    const label = `(50 conns, median of ${rounds} alternating ${seconds} s rounds)`;
    const perSecond = (f: RoundFigures[]) => medianOf(f, 'perSecond')!;
    const cpu = (f: RoundFigures[]) => medianOf(f, 'cpuUs');
    return [
      row('3', `cached resolve throughput ${label}`, perSecond(figures.app.post), 'req/s', 'GET /healthz', perSecond(figures.app.get)),
      cpuRow('server CPU per cached resolve', cpu(figures.app.post), cpu(figures.app.get)),
      // Issue 32's figure: the app's cached resolve against Node answering the same POST with the same bytes.
      row('32', 'cached resolve against the bare node:http POST', perSecond(figures.app.post), 'req/s', 'bare POST', perSecond(figures.node.post)),
      // The ceiling of any app on Fastify: the framework alone, with no plugin or hook, on the same POST.
      row('32', 'bare Fastify POST against the bare node:http POST', perSecond(figures.fastify.post), 'req/s', 'bare POST', perSecond(figures.node.post)),
      row('32', 'cached resolve against the bare Fastify POST', perSecond(figures.app.post), 'req/s', 'bare Fastify POST', perSecond(figures.fastify.post)),
      // Issue 41 point 6's second goal: the app's CPU per cached resolve at most 1.3× bare Fastify's per POST.
      cpuTimesRow('41', 'server CPU per cached resolve against bare Fastify per POST', cpu(figures.app.post), 'per bare Fastify POST', cpu(figures.fastify.post)),
      row('13', 'floor: bare node:http, same requests and bytes, POST ÷ GET', perSecond(figures.node.post), 'req/s', 'bare GET', perSecond(figures.node.get)),
      cpuRow('floor: bare node:http CPU per POST', cpu(figures.node.post), cpu(figures.node.get)),
      row('13', 'floor: bare Fastify, same requests and bytes, POST ÷ GET', perSecond(figures.fastify.post), 'req/s', 'bare Fastify GET', perSecond(figures.fastify.get)),
      ...(old
        ? [
            row('41', `cached resolve against ${against}'s`, perSecond(figures.app.post), 'req/s', `${against}'s`, perSecond(figures.old.post)),
            row('41', `${against}'s cached resolve against the bare Fastify POST`, perSecond(figures.old.post), 'req/s', 'bare Fastify POST', perSecond(figures.fastify.post)),
            cpuTimesRow('41', `server CPU per cached resolve against ${against}'s`, cpu(figures.app.post), `per ${against}'s`, cpu(figures.old.post), 'ratio: × the other'),
            cpuTimesRow('41', `${against}'s server CPU per cached resolve against bare Fastify per POST`, cpu(figures.old.post), 'per bare Fastify POST', cpu(figures.fastify.post)),
          ]
        : []),
    ];
  } finally {
    await old?.stop();
    for (const floor of floors ?? []) await floor.stop();
    await server.stop();
  }
}

export async function missLatencyRows(rounds = 4): Promise<BenchRow[]> {
  const fake = await startFakeInstagram();
  const upstreamOrigins = new Set([fake.webOrigin]);
  const started = new WeakMap<object, number>();
  let upstreamMs = 0;
  const ended = (message: unknown) => {
    const request = (message as { request: object }).request;
    const t = started.get(request);
    if (t !== undefined) upstreamMs += performance.now() - t;
    started.delete(request);
  };
  subscribe('undici:request:create', (message) => {
    const request = (message as { request: { origin?: string } }).request;
    if (request.origin && upstreamOrigins.has(request.origin)) started.set(request, performance.now());
  });
  subscribe('undici:request:trailers', ended);
  subscribe('undici:request:error', ended);

  const added: number[] = [];
  const own: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // A fresh app each round: an empty cache, so every resolve is a miss.
      const rig = await startApp({ env: { ...fakeUpstreamEnv(fake), RATE_LIMIT_RESOLVE_PER_MIN: '100000' } });
      try {
        for (const shortcode of POSTS) {
          upstreamMs = 0;
          const t0 = performance.now();
          const res = await fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: JSON_HEADERS, body: resolveBody(shortcode) });
          await res.arrayBuffer();
          const wall = performance.now() - t0;
          if (res.status !== 200) throw new Error(`miss resolve of ${shortcode}: ${res.status}`);
          if (round === 0) continue; // JIT warm-up
          added.push(wall - upstreamMs);
          own.push(upstreamMs);
        }
      } finally {
        await rig.close();
      }
    }
  } finally {
    await fake.close();
  }
  return [row('3', `cache-miss added latency (median of ${added.length})`, median(added), 'ms', "fake upstream's own", median(own))];
}

export async function concurrentResolveRows(connections = 200, duration = 10): Promise<BenchRow[]> {
  const server = await startServerChild();
  try {
    await warmCache(server.url);
    const requests = POSTS.map((p) => ({ method: 'POST', path: '/api/v1/resolve', headers: JSON_HEADERS, body: resolveBody(p) }));
    await load(server.url, 50, 2, requests);
    const bare = await load(`${server.url}/healthz`, connections, duration);
    const resolved = await load(server.url, connections, duration, requests);
    const label = `resolve, ${connections} concurrent clients`;
    return [
      row('7', `${label}: p50`, resolved.latency.p50, 'ms', 'GET /healthz p50', bare.latency.p50),
      row('7', `${label}: p99`, resolved.latency.p99, 'ms', 'GET /healthz p99', bare.latency.p99),
      row('7', `${label}: throughput`, resolved.requests.mean, 'req/s', 'GET /healthz', bare.requests.mean),
      {
        ...row('7', `${label}: errors`, failures(resolved), '', 'GET /healthz errors', failures(bare)),
        ratio: null,
        note: `of ${resolved.requests.total} requests`,
      },
    ];
  } finally {
    await server.stop();
  }
}

/**
 * `npx tsx bench/resolve.ts [rounds] [--against <worktree>]`: the cached-resolve rows alone (the app, bare node:http and
 * bare Fastify, same rounds). --against: another worktree's app (an older commit checked out there, its node_modules
 * linked) in the same rounds, the before/after of a change.
 */
if (process.argv[1]?.endsWith('resolve.ts')) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--against');
  const against = at >= 0 ? path.resolve(args[at + 1]!) : undefined;
  const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--against') ?? 4);
  void cachedThroughputRows(rounds, 3, against).then(
    (rows) => {
      process.stdout.write(`${formatTable(rows)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
