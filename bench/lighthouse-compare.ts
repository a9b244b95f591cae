/**
 * `npx tsx bench/lighthouse-compare.ts <worktree A> <worktree B> [runs]`: Lighthouse (performance) on two builds in
 * alternating runs, the order reversed every other run, each build served by its own worktree's app (bench/
 * server-child.ts with the real build: run `npm run build` in both first). Besides the score it prints the figures
 * that hardly move with this machine's load (bench/page-load-figures.ts), and the medians per build and page; each
 * run's JSON report is kept in OUT (default: the temp folder's lighthouse-compare/) for diffing the audits; PAGES
 * overrides the pages (two-builds.ts). A fresh Chromium per run: the language chosen on one page is remembered, and
 * sent "/" of the next run to /fr.
 */
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, LAUNCH_FLAGS } from './lighthouse.ts';
import { pageLoadFigures, type PageLoadFigures } from './page-load-figures.ts';
import { compareBuilds } from './two-builds.ts';

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

const show = (r: Reading) =>
  `score ${r.score} · simulated FCP ${r.fcp.toFixed(0)} LCP ${r.lcp.toFixed(0)} TBT ${r.tbt.toFixed(0)} ms CLS ${r.cls.toFixed(3)} · ` +
  `before paint ${r.requestsBeforePaint} requests ${r.kbBeforePaint.toFixed(1)} KB · DOM ${r.domNodes} · CPU before paint ${r.cpuBeforePaintMs.toFixed(0)} ms, ` +
  `all ${r.cpuMs.toFixed(0)} ms, largest task ${r.largestTaskCpuMs.toFixed(0)} ms, TBT by CPU time ${r.lanternTbtMs.toFixed(0)} ms`;

await compareBuilds<Reading>({
  script: 'lighthouse-compare',
  measure: async (url, runPath) => {
    const reading = await measure(url, `${runPath}.json`);
    return { reading, line: show(reading) };
  },
  show,
  mediansOf: ` in ${CHROMIUM}`,
});
