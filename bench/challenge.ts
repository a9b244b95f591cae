/**
 * Issue 32's challenge cost: how long the page's worker (the built pow-worker chunk) takes to solve the default
 * challenge in Chromium, unthrottled and at 4× CPU throttling (a mid-range phone's stand-in, as Lighthouse uses),
 * median and slowest of SOLVES fresh challenges; and what the solver weighs (gzip -9) against the two widgets
 * considered, ALTCHA and Cap, as installed in node_modules. Needs a build. `npx tsx bench/challenge.ts`.
 */
import { existsSync } from 'node:fs';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServerChild } from './children.ts';
import { CHROMIUM } from './lighthouse.ts';
import { row, type BenchRow } from './table.ts';

const SOLVES = 9;
const ASSETS = 'build/client/assets';
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const asset = (prefix: string) => path.join(ASSETS, readdirSync(ASSETS).find((f) => f.startsWith(prefix) && f.endsWith('.js'))!);

async function solveTimes(base: string, throttle: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const worker = `/assets/${path.basename(asset('pow-worker-'))}`;
    const times: number[] = [];
    for (let i = 0; i < SOLVES; i++) {
      times.push(
        await page.evaluate(async (url) => {
          const challenge = (await (await fetch('/api/v1/challenge')).json()) as { salt: string; puzzles: number; bits: number };
          const started = performance.now();
          const w = new Worker(url, { type: 'module' });
          await new Promise((resolve) => {
            w.onmessage = resolve;
            w.postMessage(challenge);
          });
          w.terminate();
          return performance.now() - started;
        }, worker),
      );
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}

export async function challengeRows(): Promise<BenchRow[]> {
  const server = await startServerChild({ realBuild: true });
  try {
    const fast = await solveTimes(server.url, 1);
    const phone = await solveTimes(server.url, 4);
    const median = (t: number[]) => t[Math.floor(t.length / 2)]!;
    const ours = gz(asset('pow-worker-')) + gz(asset('earn-token-'));
    // The two widgets we chose against are no dependency of ours: measured when installed beside the project
    // (`npm install --no-save altcha@3 @cap.js/widget`), else the figures read so on 2026-11-26.
    const installed = (...files: string[]) => (files.every((f) => existsSync(f)) ? files.reduce((sum, f) => sum + gz(f), 0) : undefined);
    const altcha = installed('node_modules/altcha/dist/main/altcha.min.js', 'node_modules/altcha/dist/workers/sha.js') ?? 35.7 * 1024;
    const cap = installed('node_modules/@cap.js/widget/cap.min.js', 'node_modules/@cap.js/widget/wasm-hashes.min.js') ?? 23.6 * 1024;
    return [
      row('32', 'challenge solve time, Chromium at 4× CPU throttling (median)', median(phone), 'ms', 'unthrottled (median)', median(fast), `slowest of ${SOLVES}: ${Math.round(phone.at(-1)!)} ms at 4×, ${Math.round(fast.at(-1)!)} ms unthrottled`),
      row('32', 'challenge solver, gzip (worker + loader)', ours / 1024, 'KB', 'ALTCHA 3 widget + SHA worker', altcha / 1024, `Cap widget + wasm hashes: ${(cap / 1024).toFixed(1)} KB`),
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('challenge.ts')) {
  void challengeRows().then(
    (rows) => {
      console.log(JSON.stringify(rows, null, 1));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
