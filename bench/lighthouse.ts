/**
 * Issue 2 figures: Lighthouse 12 (Node API, Debian's Chromium) on the home page and a translated tool
 * page — four category scores each, against the perfect score — and the gzip size of the JavaScript the
 * home page loads, against the bare React runtime (react + react-dom client) gzipped the same way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { homePageScripts } from './home-scripts.ts';
import { missing, row, type BenchRow } from './table.ts';

/**
 * The browser Lighthouse drives: Debian's whole Chromium, or another build named by LIGHTHOUSE_CHROMIUM. On this 2-core
 * machine `/usr/lib/chromium/chromium-headless-shell` (Debian's package of the same Chromium without the browser's own
 * UI) is the nearer thing to the quiet machine Lighthouse assumes: in the first 1.5 s of a page load the whole
 * browser's own main thread and display compositor took 408–508 and 349–447 ms of CPU, the shell's 164–186 and 215–219
 * ms (Chromium 156, traces of bench/lighthouse-cpu.ts), and on two cores that is time taken from the page's own tasks,
 * which Lighthouse then slows 4×. On
 * 2026-11-28 main read 92 / 92 in the whole browser and 97 / 96 in the shell (bench/lighthouse-compare.ts, / and
 * /fr/instagram-video-downloader), bda622e 84 / 89 and 98 / 97 in the same rounds.
 */
export const CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM ?? '/usr/bin/chromium';
const PAGES = ['/', '/fr/instagram-video-downloader', '/ja/instagram-video-downloader', '/hi/instagram-video-downloader'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const LAUNCH_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function scriptSizeRows(buildDir: string): BenchRow[] {
  const scripts = homePageScripts(buildDir).map((file) => ({ name: path.basename(file).replace(/-[\w-]{8}\.js$/, ''), bytes: gzipBytes(file) }));
  const ours = scripts.reduce((sum, file) => sum + file.bytes, 0);
  // Each file's share, largest first, with the hash left out of its name: what the closing notes ask for.
  const byFile = scripts
    .sort((a, b) => b.bytes - a.bytes)
    .map((f) => `${f.name} ${(f.bytes / 1024).toFixed(1)}`)
    .join(' · ');
  const runtime = ['react/cjs/react.production.js', 'react-dom/cjs/react-dom-client.production.js', 'scheduler/cjs/scheduler.production.js']
    .map((f) => gzipBytes(path.join('node_modules', f)))
    .reduce((a, b) => a + b, 0);
  return [row('2', `home page JS, gzip (${scripts.length} files)`, ours / 1024, 'KB', 'bare React runtime', runtime / 1024, `KB by file: ${byFile}`)];
}

/**
 * The performance score moves with this machine's speed from one run to the next (its CPU benchmark index varied
 * two-fold within a minute here), so it is the median of PERFORMANCE_RUNS runs, as Lighthouse's own guidance on
 * variability advises; the other categories do not depend on timing and come from the first run.
 */
const PERFORMANCE_RUNS = 3;

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

async function audit(url: string, port: number): Promise<RunnerResult | undefined> {
  const run = () => lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  // A trace occasionally fails to record on a loaded machine (NO_NAVSTART): one more try.
  const result = await run();
  if (result && !result.lhr.runtimeError) return result;
  return (await run()) ?? undefined;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function lighthouseRows(origin: string): Promise<BenchRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LAUNCH_FLAGS, logLevel: 'silent' });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      const results: RunnerResult[] = [];
      for (let run = 0; run < PERFORMANCE_RUNS; run++) {
        const result = await audit(origin + page, chrome.port);
        if (result) results.push(result);
      }
      const first = results[0];
      if (!first) {
        for (const c of CATEGORIES) rows.push(missing('2', `Lighthouse ${c} ${page}`, 'no result'));
        continue;
      }
      for (const category of CATEGORIES) {
        const scores = (category === 'performance' ? results : [first])
          .map((r) => r.lhr.categories[category]?.score)
          .filter((score): score is number => typeof score === 'number')
          .map((score) => Math.round(score * 100));
        const figure = `Lighthouse ${category} ${page}`;
        if (scores.length === 0) {
          rows.push(missing('2', figure, `Lighthouse ${first.lhr.runtimeError?.code ?? 'gave no score'}`));
        } else if (category === 'performance') {
          rows.push(row('2', `${figure} (median of ${scores.length})`, median(scores), '', 'perfect score', 100, `runs: ${scores.join(', ')}`));
        } else {
          rows.push(row('2', figure, scores[0]!, '', 'perfect score', 100));
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
