/**
 * `npm run bench`: every figure of the project in one table (and bench/results.json), each against a
 * baseline measured in the same run. A part that cannot run here prints "n/a (reason)" in its row.
 * Runs in a few minutes on the 2-core machine; needs a build for the page figures (built if missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerChild } from './children.ts';
import { idleScriptRows } from './idle-scripts.ts';
import { CHROMIUM, lighthouseRows, scriptSizeRows } from './lighthouse.ts';
import { egressRows } from './egress.ts';
import { profileViewRows } from './profile-view.ts';
import { threadsRows } from './threads.ts';
import { floodRows } from './flood.ts';
import { challengeRows } from './challenge.ts';
import { accessPathRows } from './access-path.ts';
import { cachedThroughputRows, concurrentResolveRows, missLatencyRows } from './resolve.ts';
import { formatTable, missing, row, type BenchRow } from './table.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUILD_DIR = 'build/client';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 120);

async function part(name: string, fallback: BenchRow[], run: () => Promise<BenchRow[]>): Promise<BenchRow[]> {
  const started = Date.now();
  process.stderr.write(`bench: ${name}…\n`);
  try {
    const rows = await run();
    process.stderr.write(`bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return rows;
  } catch (err) {
    process.stderr.write(`bench: ${name} failed: ${reason(err)}\n`);
    return fallback.map((r) => ({ ...r, note: `n/a (${reason(err)})` }));
  }
}

function ensureBuild(): string | undefined {
  if (existsSync(path.join(BUILD_DIR, 'index.html'))) return undefined;
  process.stderr.write('bench: no build yet, running npm run build…\n');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  return result.status === 0 ? undefined : 'npm run build failed';
}

async function pageFigures(): Promise<BenchRow[]> {
  const buildProblem = ensureBuild();
  if (buildProblem) return [missing('2', 'home page JS, gzip', buildProblem), missing('2', 'Lighthouse', buildProblem)];
  const rows = await part('script sizes', [missing('2', 'home page JS, gzip', '')], async () => scriptSizeRows(BUILD_DIR));
  if (!existsSync(CHROMIUM)) return [...rows, missing('2', 'Lighthouse', `${CHROMIUM} not installed`)];
  return [
    ...rows,
    ...(await part('lighthouse', [missing('2', 'Lighthouse', '')], async () => {
      const server = await startServerChild({ realBuild: true });
      try {
        return [...(await idleScriptRows(server.url, BUILD_DIR, CHROMIUM)), ...(await lighthouseRows(server.url))];
      } finally {
        await server.stop();
      }
    })),
  ];
}

interface MediaFigures {
  proxyThroughput: {
    unthrottled: { directMBps: number; proxiedMBps: number; serverCpuMsPer100MB: number; relayMBps: number; relayCpuMsPer100MB: number };
    atLinkRate: { directMBps: number; proxiedMBps: number; linkMBps: number } };
  concurrentMemory: { downloads: number; fileMB: number; rssBaselineMB: number; rssGrowthMB: number };
  zip: { items: number; MBps: number };
}

async function mediaFigures(): Promise<BenchRow[]> {
  const figures = ['proxy throughput', 'bare TCP relay throughput', 'proxy CPU per GB proxied', 'RSS growth, 100 × 20 MB downloads', 'ZIP throughput'];
  if (!existsSync(path.join(here, 'media.ts'))) return figures.map((f) => missing('4', f, 'bench/media.ts not written yet'));
  return part('media', figures.map((f) => missing('4', f, '')), async () => {
    const mod = (await import('./media.ts')) as { benchMedia?: () => Promise<MediaFigures> };
    if (!mod.benchMedia) throw new Error('bench/media.ts has no benchMedia()');
    const m = await mod.benchMedia();
    const { unthrottled, atLinkRate } = m.proxyThroughput;
    return [
      row('4', 'proxy throughput, CDN at loopback speed', unthrottled.proxiedMBps, 'MB/s', 'direct from the CDN', unthrottled.directMBps),
      // The ceiling for any proxy on this machine (see bench/media.ts), and the proxy against it.
      row('13', 'bare TCP relay throughput, CDN at loopback speed', unthrottled.relayMBps, 'MB/s', 'direct from the CDN', unthrottled.directMBps),
      row('13', 'proxy throughput against the bare relay', unthrottled.proxiedMBps, 'MB/s', 'bare TCP relay', unthrottled.relayMBps),
      // CPU (user + system) per GB passed on: the proxy against the bare relay, same bytes, same run.
      row('13', 'proxy CPU per GB proxied', (unthrottled.serverCpuMsPer100MB * 10.24) / 1000, 's', 'bare relay CPU per GB', (unthrottled.relayCpuMsPer100MB * 10.24) / 1000),
      row('4', `proxy throughput, CDN at ${atLinkRate.linkMBps} MB/s`, atLinkRate.proxiedMBps, 'MB/s', 'direct from the CDN', atLinkRate.directMBps),
      row('4', `RSS growth, ${m.concurrentMemory.downloads} × ${m.concurrentMemory.fileMB} MB downloads`, m.concurrentMemory.rssGrowthMB, 'MB', 'server RSS before', m.concurrentMemory.rssBaselineMB),
      row('4', `ZIP throughput (${m.zip.items} items)`, m.zip.MBps, 'MB/s', 'single-file proxy', unthrottled.proxiedMBps),
    ];
  });
}

async function muxFigures(): Promise<BenchRow[]> {
  const figures = ['joined 1080p throughput', 'CPU per GB joined', 'RSS growth, 20 joined downloads'];
  return part('mux', figures.map((f) => missing('11', f, '')), async () => {
    const { benchMux } = await import('./mux.ts');
    const m = await benchMux();
    return [
      // The same two files (1080p video track + AAC track), joined vs proxied one after the other; target ≥ 0.7.
      row('11', `joined 1080p download throughput (${m.pairMB} MB pair)`, m.muxedMBps, 'MB/s', 'plain proxy, same bytes', m.proxiedMBps),
      row('11', 'CPU per GB joined', m.cpuSecondsPerGB, 's', 'direct joined time per GB', 1024 / m.muxedMBps),
      // Target ≤ 150 MB.
      row('11', `RSS growth, ${m.concurrent.downloads} concurrent joined downloads of the pair`, m.concurrent.rssGrowthMB, 'MB', 'server RSS before', m.concurrent.rssBaselineMB),
    ];
  });
}

async function main() {
  const started = Date.now();
  const rows: BenchRow[] = [
    ...(await pageFigures()),
    ...(await part('cached resolve throughput', [missing('3', 'cached resolve throughput', '')], cachedThroughputRows)),
    ...(await part('cached resolve with credentials', [missing('32', 'cached resolve with an API key', '')], () => accessPathRows())),
    ...(await part('cache-miss latency', [missing('3', 'cache-miss added latency', '')], () => missLatencyRows())),
    ...(await mediaFigures()),
    ...(await muxFigures()),
    ...(await part('stalled downloads', [missing('38', 'RSS growth, stalled downloads', '')], async () => {
      const { benchStalledStreams } = await import('./stalled-streams.ts');
      const m = await benchStalledStreams();
      // What a stalled download costs the process (its buffers; the kernel's are tcp_wmem/tcp_rmem's, docs/deploy.md).
      return [row('38', `RSS growth, ${m.stalled} stalled ${m.fileMB} MB downloads (${m.perStreamKB} KB each)`, m.rssGrowthMB, 'MB', 'server RSS before', m.rssBaselineMB)];
    })),
    ...(await part('200 concurrent resolves', [missing('7', 'resolve, 200 concurrent clients', '')], () => concurrentResolveRows())),
    ...(await part('egress', [missing('23', 'client CPU per upstream request, impit', ''), missing('23', 'cold lookups a minute per egress', '')], egressRows)),
    ...(await part('profile view', [missing('30', 'Instagram requests, cold profile view', '')], profileViewRows)),
    ...(await part('threads', [missing('40', 'Threads requests, cold photo lookup', '')], threadsRows)),
    ...(await part('flood', [missing('38', "visitor's share and goodput under a flood", '')], floodRows)),
    ...(await part('challenge', [missing('32', 'challenge solve time', '')], async () => (ensureBuild() ? [] : challengeRows()))),
  ];
  const seconds = Math.round((Date.now() - started) / 1000);
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    seconds,
    rows,
  };
  writeFileSync(path.join(here, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(`\n${formatTable(rows)}\n\n${rows.length} figures in ${seconds} s; written to bench/results.json\n`);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
