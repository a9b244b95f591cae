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
import { missing, row, type BenchRow } from './table.ts';

export const CHROMIUM = '/usr/bin/chromium';
const PAGES = ['/', '/fr/instagram-video-downloader', '/ja/instagram-video-downloader', '/hi/instagram-video-downloader'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every script the home page loads up front: module preloads and script src (inline scripts are in the HTML). */
export function homePageScripts(buildDir: string): string[] {
  const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"|<script[^>]+src="([^"]+)"/g)) {
    const href = match[1] ?? match[2]!;
    if (href.startsWith('/')) found.add(href);
  }
  return [...found].map((href) => path.join(buildDir, href));
}

export function scriptSizeRows(buildDir: string): BenchRow[] {
  const scripts = homePageScripts(buildDir);
  const ours = scripts.reduce((sum, file) => sum + gzipBytes(file), 0);
  const runtime = ['react/cjs/react.production.js', 'react-dom/cjs/react-dom-client.production.js', 'scheduler/cjs/scheduler.production.js']
    .map((f) => gzipBytes(path.join('node_modules', f)))
    .reduce((a, b) => a + b, 0);
  return [row('2', `home page JS, gzip (${scripts.length} files)`, ours / 1024, 'KB', 'bare React runtime', runtime / 1024)];
}

export async function lighthouseRows(origin: string): Promise<BenchRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'silent' });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      // A trace occasionally fails to record on a loaded machine (NO_NAVSTART): one more try.
      let result = await lighthouse(origin + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result || result.lhr.runtimeError) {
        result = await lighthouse(origin + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      }
      if (!result) {
        for (const c of CATEGORIES) rows.push(missing('2', `Lighthouse ${c} ${page}`, 'no result'));
        continue;
      }
      for (const category of CATEGORIES) {
        const score = result.lhr.categories[category]?.score;
        rows.push(
          score === null || score === undefined
            ? missing('2', `Lighthouse ${category} ${page}`, `Lighthouse ${result.lhr.runtimeError?.code ?? 'gave no score'}`)
            : row('2', `Lighthouse ${category} ${page}`, Math.round(score * 100), '', 'perfect score', 100),
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
