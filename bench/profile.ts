/**
 * `npm run bench:profile`: the server under the cached-resolve load of `npm run bench`, with V8's CPU profiler
 * on (node --cpu-prof), and the top frames by self time printed. The profile is kept for DevTools.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { startServerChild } from './children.ts';
import { topFrames, type Frame } from './cpu-profile.ts';
import { BROWSER_ACCEPT, JSON_HEADERS, resolveBody, warmCache } from './resolve.ts';
import { FIXTURE } from '../test/fake-instagram/index.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
/** PROFILE_TARGET=healthz profiles the bare route instead, as the baseline. */
const TARGET = process.env.PROFILE_TARGET === 'healthz' ? 'healthz' : 'resolve';


const print = (title: string, frames: Frame[]) => {
  process.stdout.write(`\n${title}\n`);
  for (const f of frames) process.stdout.write(`${(f.share * 100).toFixed(1).padStart(5)} %  ${f.selfMs.toFixed(0).padStart(6)} ms  ${f.name}\n`);
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-profile-'));
  const server = await startServerChild({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let result: AutocannonResult;
  try {
    await warmCache(server.url);
    const requests = TARGET === 'healthz' ? [{ method: 'GET' as const, path: '/healthz', headers: BROWSER_ACCEPT }] : [{ method: 'POST' as const, path: '/api/v1/resolve', headers: JSON_HEADERS, body: resolveBody(FIXTURE.image) }];
    result = await autocannon({ url: server.url, connections: 50, duration: SECONDS, requests });
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const top = topFrames(path.join(dir, file), 20);
  process.stdout.write(`${TARGET}, 50 connections, ${SECONDS} s: ${result.requests.mean.toFixed(0)} req/s, p99 ${result.latency.p99} ms\n`);
  process.stdout.write(`profile: ${path.join(dir, file)} (${top.totalMs.toFixed(0)} ms sampled, ${(top.idleShare * 100).toFixed(0)} % idle)\n`);
  print('top functions by self time', top.byFunction);
  print('by package or file', top.byPlace);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
