/**
 * `npx tsx bench/lighthouse-compare.ts <worktree A> <worktree B> [runs]`: Lighthouse (performance) on two builds in
 * alternating runs, the order reversed every other run, each build served by its own worktree's app (bench/
 * server-child.ts with the real build: run `npm run build` in both first). Besides the score it prints the figures
 * that hardly move with this machine's load (bench/page-load-figures.ts), and the medians per build and page; each
 * run's JSON report is kept in OUT (default: the temp folder's lighthouse-compare/) for diffing the audits.
 * A fresh Chromium per run: the language chosen on one page is remembered, and sent "/" of the next run to /fr.
 * PAGES (comma-separated) overrides the pages: by default the two the issue names.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, LAUNCH_FLAGS } from './lighthouse.ts';
import { pageLoadFigures, type PageLoadFigures } from './page-load-figures.ts';
import { serveBuild } from './build-server.ts';

const [treeA, treeB, runsArg = '3'] = process.argv.slice(2);
if (!treeA || !treeB) throw new Error('usage: npx tsx bench/lighthouse-compare.ts <worktree A> <worktree B> [runs]');
const trees = [path.resolve(treeA), path.resolve(treeB)];
const pages = (process.env.PAGES ?? '/,/fr/instagram-video-downloader').split(',');
const out = process.env.OUT ?? path.join(os.tmpdir(), 'lighthouse-compare');
mkdirSync(out, { recursive: true });

type Reading = PageLoadFigures & { score: number; fcp: number; lcp: number; tbt: number; cls: number };

async function measure(url: string, report: string): Promise<Reading> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LAUNCH_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result || result.lhr.runtimeError) throw new Error(`${url}: ${result?.lhr.runtimeError?.code ?? 'no result'}`);
    writeFileSync(report, result.report as string);
    const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
    const trace = (result.artifacts as unknown as { Trace: Parameters<typeof pageLoadFigures>[1] }).Trace;
    return {
      score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      ...pageLoadFigures(result.lhr as Parameters<typeof pageLoadFigures>[0], trace),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (r: Reading) =>
  `score ${r.score} · simulated FCP ${r.fcp.toFixed(0)} LCP ${r.lcp.toFixed(0)} TBT ${r.tbt.toFixed(0)} ms CLS ${r.cls.toFixed(3)} · ` +
  `before paint ${r.requestsBeforePaint} requests ${r.kbBeforePaint.toFixed(1)} KB · DOM ${r.domNodes} · CPU before paint ${r.cpuBeforePaintMs.toFixed(0)} ms, ` +
  `all ${r.cpuMs.toFixed(0)} ms, largest task ${r.largestTaskCpuMs.toFixed(0)} ms, TBT by CPU time ${r.lanternTbtMs.toFixed(0)} ms`;

const servers = await Promise.all(trees.map(serveBuild));
const readings = new Map<string, Reading[]>();
try {
  for (let run = 0; run < Number(runsArg); run++) {
    for (const page of pages) {
      for (const i of run % 2 ? [1, 0] : [0, 1]) {
        const name = `${path.basename(trees[i]!)}${page.replace(/\//g, '_')}`;
        const reading = await measure(servers[i]!.url + page, path.join(out, `${name}-${run}.json`));
        readings.set(name, [...(readings.get(name) ?? []), reading]);
        process.stdout.write(`${name} run ${run} (load ${os.loadavg()[0]!.toFixed(1)}): ${show(reading)}\n`);
      }
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
process.stdout.write(`\nmedians (reports in ${out}):\n`);
for (const [name, rs] of readings) {
  const m = Object.fromEntries(Object.keys(rs[0]!).map((k) => [k, median(rs.map((r) => r[k as keyof Reading]))])) as unknown as Reading;
  process.stdout.write(`${name}: ${show(m)}\n`);
}
