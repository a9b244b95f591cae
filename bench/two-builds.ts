/**
 * The frame of the benchmarks that compare two builds page by page (lighthouse-compare.ts, lighthouse-cpu.ts):
 * `<worktree A> <worktree B> [runs]` from the command line, each build served by its own worktree's app (its
 * bench/server-child.ts on the real build: run `npm run build` in both first), the builds alternating and the order
 * reversed every other run, then the median of each figure per build and page. PAGES (comma-separated) overrides the
 * pages: by default the two issue 37 names. OUT overrides the folder each run keeps its files in.
 */
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BuildComparison<R extends object> {
  /** The script's name, for its usage line and its default folder in the temp folder. */
  script: string;
  /** One run of one page: what it kept (under `runPath`, a path without extension) and its line of output. */
  measure(url: string, runPath: string): Promise<{ reading: R; line: string }>;
  show(reading: R): string;
  /** The medians' heading, after "medians". */
  mediansOf: string;
  /** Go on past a run that fails (it is reported), rather than stop. */
  skipFailedRuns?: boolean;
}

/** One worktree's app serving its own production build. */
async function serveBuild(tree: string) {
  const child = fork(path.join(tree, 'bench/server-child.ts'), [JSON.stringify({ realBuild: true })], { cwd: tree, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`${tree}: server exited (${code})`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send('stop'))) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function compareBuilds<R extends object>(comparison: BuildComparison<R>): Promise<void> {
  const [treeA, treeB, runsArg = '3'] = process.argv.slice(2);
  if (!treeA || !treeB) throw new Error(`usage: npx tsx bench/${comparison.script}.ts <worktree A> <worktree B> [runs]`);
  const trees = [path.resolve(treeA), path.resolve(treeB)];
  const pages = (process.env.PAGES ?? '/,/fr/instagram-video-downloader').split(',');
  const out = process.env.OUT ?? path.join(os.tmpdir(), comparison.script);
  mkdirSync(out, { recursive: true });
  const servers = await Promise.all(trees.map(serveBuild));
  const readings = new Map<string, R[]>();
  try {
    for (let run = 0; run < Number(runsArg); run++) {
      for (const page of pages) {
        for (const i of run % 2 ? [1, 0] : [0, 1]) {
          const name = `${path.basename(trees[i]!)}${page.replace(/\//g, '_')}`;
          try {
            const { reading, line } = await comparison.measure(servers[i]!.url + page, path.join(out, `${name}-${run}`));
            readings.set(name, [...(readings.get(name) ?? []), reading]);
            process.stdout.write(`${name} run ${run} (load ${os.loadavg()[0]!.toFixed(1)}): ${line}\n`);
          } catch (error) {
            if (!comparison.skipFailedRuns) throw error;
            process.stdout.write(`${name} run ${run}: ${(error as Error).message}\n`);
          }
        }
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  process.stdout.write(`\nmedians${comparison.mediansOf} (kept in ${out}):\n`);
  for (const [name, rs] of readings) {
    const m = Object.fromEntries(Object.keys(rs[0]!).map((k) => [k, median(rs.map((r) => r[k as keyof R] as number))])) as R;
    process.stdout.write(`${name}: ${comparison.show(m)}\n`);
  }
}
