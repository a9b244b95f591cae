/**
 * `npx tsx bench/resolve-ab.ts <worktree> <worktree> [rounds] [seconds]`: two worktrees' apps (each its own code, its
 * node_modules linked) answering the cached resolve alone, in alternating rounds (order reversed every other round),
 * each round's server CPU per request read from /proc (resolve.ts's measuredLoad). Prints each app's median and lowest CPU per request and its
 * req/s: the lowest is the least disturbed by the rest of a shared machine (others' load only ever adds to it).
 * For a change's before/after with fewer moving parts than bench/resolve.ts's four-way rounds (no floors, no GET loads):
 * on 2026-11-27 at load 8-16 its --against rows read 0.95 to 1.52 for a pair of commits that this read 0.73 to 1.02.
 * Neither settles a change of a few per cent on a machine that busy. The order the apps start in counts as well: on
 * 2026-11-28, quiet, the first worktree read about 13 % less CPU per request whichever of two commits it was (0.873 and
 * 0.872 in the two orders). Run it both ways and take the two ratios' geometric mean.
 */
import path from 'node:path';
import { FIXTURE } from '../test/fake-instagram/index.ts';
import { startServerChild, type ServerChild } from './children.ts';
import { JSON_HEADERS, measuredLoad, resolveBody, warmCache } from './resolve.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const args = process.argv.slice(2);
  const worktrees = args.slice(0, 2).map((w) => path.resolve(w));
  const rounds = Number(args[2] ?? 6);
  const seconds = Number(args[3] ?? 3);
  if (worktrees.length !== 2) throw new Error('usage: npx tsx bench/resolve-ab.ts <worktree> <worktree> [rounds] [seconds]');
  const apps: ServerChild[] = [];
  try {
    for (const worktree of worktrees) {
      const app = await startServerChild({}, [], worktree);
      apps.push(app);
      await warmCache(app.url);
    }
    const requests = [{ method: 'POST', path: '/api/v1/resolve', headers: JSON_HEADERS, body: resolveBody(FIXTURE.image) }];
    const figures = apps.map(() => ({ perSecond: [] as number[], cpuUs: [] as number[] }));
    // Round 0 warms the JIT and is not counted.
    for (let round = 0; round <= rounds; round++) {
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const { perSecond, cpuUs } = await measuredLoad(apps[i]!, `${apps[i]!.url}/api/v1/resolve`, seconds, requests);
        if (round === 0) continue;
        if (cpuUs === undefined) throw new Error('no /proc here: the CPU per request cannot be read');
        figures[i]!.perSecond.push(perSecond);
        figures[i]!.cpuUs.push(cpuUs);
      }
    }
    worktrees.forEach((worktree, i) => {
      const { perSecond, cpuUs } = figures[i]!;
      process.stdout.write(
        `${worktree}: CPU per cached resolve median ${median(cpuUs).toFixed(1)} µs, lowest ${Math.min(...cpuUs).toFixed(1)} µs; ${median(perSecond).toFixed(0)} req/s median\n`,
      );
    });
    const [a, b] = figures as [(typeof figures)[0], (typeof figures)[0]];
    process.stdout.write(`first ÷ second: CPU median ${(median(a.cpuUs) / median(b.cpuUs)).toFixed(3)}, lowest ${(Math.min(...a.cpuUs) / Math.min(...b.cpuUs)).toFixed(3)}; req/s ${(median(a.perSecond) / median(b.perSecond)).toFixed(3)} (${rounds} rounds of ${seconds} s, 50 connections)\n`);
  } finally {
    for (const app of apps) await app.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
