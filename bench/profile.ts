/**
 * `npm run bench:profile [resolve|healthz|proxy]`: the server under the load `npm run bench` puts on it, with
 * V8's CPU profiler on (node --cpu-prof), and the top frames by self time printed. The profile file is kept
 * for DevTools. resolve: cached POST /api/v1/resolve, 50 connections; healthz: the bare route, the baseline;
 * fastify: the same POST to a bare Fastify sending the app's bytes (bench/resolve.ts's floor), to set beside resolve;
 * proxy: 100 MB downloads through the media proxy from the fake CDN at loopback speed.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Agent } from 'undici';
import { signMediaToken } from '../src/server/media/token.ts';
import { FIXTURE } from '../test/fake-instagram/index.ts';
import { startChildScript, startServerChild, type ServerChild } from './children.ts';
import { costPerCheck } from './check-costs.ts';
import { topFrames, type Frame } from './cpu-profile.ts';
import { download, MB, SECRET, startChild } from './media.ts';
import type { ParentMessage } from './media-child.ts';
import { bareAnswersOf, BROWSER_ACCEPT, JSON_HEADERS, resolveBody, warmCache } from './resolve.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const TARGETS = ['resolve', 'healthz', 'fastify', 'proxy'] as const;
type Target = (typeof TARGETS)[number];

const print = (title: string, frames: Frame[]) => {
  process.stdout.write(`\n${title}\n`);
  for (const f of frames) process.stdout.write(`${(f.share * 100).toFixed(1).padStart(5)} %  ${f.selfMs.toFixed(0).padStart(6)} ms  ${f.name}\n`);
};

/** Load on the app (or, for fastify, on the bare Fastify floor answering with the app's bytes); returns one line of figures. */
async function loadRoutes(target: 'resolve' | 'healthz' | 'fastify', profileArgs: string[]): Promise<{ line: string; requests: number }> {
  const app = await startServerChild({}, target === 'fastify' ? [] : profileArgs);
  let floor: ServerChild | undefined;
  try {
    await warmCache(app.url);
    if (target === 'fastify') floor = await startChildScript('bare-http-child.ts', [JSON.stringify(await bareAnswersOf(app)), 'fastify'], profileArgs);
    const server = floor ?? app;
    const requests =
      target === 'healthz'
        ? [{ method: 'GET' as const, path: '/healthz', headers: BROWSER_ACCEPT }]
        : [{ method: 'POST' as const, path: '/api/v1/resolve', headers: JSON_HEADERS, body: resolveBody(FIXTURE.image) }];
    const result = await autocannon({ url: server.url, connections: 50, duration: SECONDS, requests });
    const line = `${target}, 50 connections, ${SECONDS} s: ${result.requests.mean.toFixed(0)} req/s, p99 ${result.latency.p99} ms`;
    return { line, requests: result.requests.total };
  } finally {
    await floor?.stop();
    await app.stop();
  }
}

async function loadProxy(profileArgs: string[]): Promise<{ line: string }> {
  const cdn = await startChild(['cdn']);
  const app = await startChild(['app', cdn.url, SECRET], profileArgs);
  const agent = new Agent({ keepAliveTimeout: 5_000 });
  try {
    const oe = (Math.floor(Date.now() / 1000) + 86_400).toString(16);
    const url = `${cdn.url}/scontent.cdninstagram.com/big/${100 * MB}/profile.mp4?oe=${oe}`;
    const token = signMediaToken(SECRET, { t: 'm', k: 'video', u: url, f: 'p.mp4', e: Math.floor(Date.now() / 1000) + 3600 });
    const started = Date.now();
    let bytes = 0;
    while (Date.now() - started < SECONDS * 1000) bytes += await download(agent, `${app.url}/api/v1/media/${token}?download=1`, 100 * MB);
    return { line: `proxy, one download at a time, ${SECONDS} s: ${((bytes / MB / (Date.now() - started)) * 1000).toFixed(0)} MB/s` };
  } finally {
    await agent.close();
    for (const child of [app, cdn]) {
      child.process.send({ type: 'stop' } satisfies ParentMessage);
      await new Promise((resolve) => child.process.once('exit', resolve));
    }
  }
}

async function main() {
  const target = (process.argv[2] ?? 'resolve') as Target;
  if (!TARGETS.includes(target)) throw new Error(`profile what? one of ${TARGETS.join(', ')}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-profile-'));
  const profileArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  const figures: { line: string; requests?: number } = target === 'proxy' ? await loadProxy(profileArgs) : await loadRoutes(target, profileArgs);
  // The main thread's (thread 0 in CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile): tsx's loader thread writes another.
  const file = readdirSync(dir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const top = topFrames(path.join(dir, file), 20, SECONDS);
  process.stdout.write(`${figures.line}\n`);
  process.stdout.write(`profile: ${path.join(dir, file)} (${top.totalMs.toFixed(0)} ms sampled, ${(top.idleShare * 100).toFixed(0)} % idle)\n`);
  print('top functions by self time', top.byFunction);
  print('by package or file', top.byPlace);
  print("the app's own files, with what they call (total time)", top.byProjectFile);
  if (figures.requests) {
    process.stdout.write('\ncost per check: self time per request (µs), and share of the sampled time\n');
    for (const f of costPerCheck(top.selves, figures.requests, top.totalMs * 1000)) {
      process.stdout.write(`${(f.share * 100).toFixed(1).padStart(5)} %  ${f.selfMs.toFixed(1).padStart(6)} µs  ${f.name}\n`);
    }
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
