/**
 * `npx tsx bench/lighthouse-cpu.ts <worktree A> <worktree B> [runs]`: Lighthouse's performance score with each
 * main-thread task timed by its CPU time instead of its wall time, for comparing two builds on a loaded machine.
 * Lighthouse's simulation (lantern) slows each task of the trace 4× from its wall duration, and here the wall time
 * of a task grew two- to threefold whenever other work held the cores; the trace's thread time (tdur) hardly moves.
 * Each run gathers once (Lighthouse's -G), squeezes every main-thread task and what it holds to its thread time
 * (its events' start and length scaled by tdur/dur about the task's start, so nesting and attribution stand), and
 * audits the artifacts again (-A). It prints both scores; the CPU-timed one is what a quiet machine would read,
 * roughly. The builds alternate as in lighthouse-compare.ts. PROFILE=1 adds V8's sampling profiler to the trace
 * (its overhead is in the figures then): `node bench/trace-profile.mjs <run folder>/defaultPass.trace.wall.json`
 * names the functions inside each long task.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, LAUNCH_FLAGS } from './lighthouse.ts';
import { compareBuilds } from './two-builds.ts';
import type { TraceEvent } from './page-load-figures.ts';


/** Every main-thread task of the page's renderer squeezed to its thread time, with what it holds. */
export function squeezeToCpuTime(events: TraceEvent[]) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((n) => n.name === 'navigationStart' && n.pid === e.pid && n.args?.data?.isLoadingMainFrame && n.args.data.documentLoaderURL?.startsWith('http')));
  if (!main) throw new Error('the trace has no renderer main thread');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur && e.tdur !== undefined);
  let i = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const ratio = Math.min(1, task.tdur! / task.dur!);
    while (i < onMain.length && onMain[i]!.ts < task.ts) i++;
    for (let j = i; j < onMain.length && onMain[j]!.ts < end; j++) {
      const e = onMain[j]!;
      if (e === task || e.ts + (e.dur ?? 0) > end) continue;
      e.ts = task.ts + (e.ts - task.ts) * ratio;
      if (e.dur) e.dur *= ratio;
    }
    task.dur! *= ratio;
  }
}

type Scores = { score: number; fcp: number; lcp: number; tbt: number; si: number };
type Lhr = { categories: { performance?: { score: number | null } }; audits: Record<string, { numericValue?: number }> };
const scores = (lhr: Lhr): Scores => ({
  score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
  fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
  lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
  si: lhr.audits['speed-index']?.numericValue ?? NaN,
});
const show = (s: Scores) => `score ${s.score} FCP ${s.fcp.toFixed(0)} LCP ${s.lcp.toFixed(0)} SI ${s.si.toFixed(0)} TBT ${s.tbt.toFixed(0)}`;

async function measure(url: string, dir: string) {
  mkdirSync(dir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LAUNCH_FLAGS, logLevel: 'silent' });
  // Lighthouse refuses to audit saved artifacts under other settings than they were gathered with.
  const profile = process.env.PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {};
  let wall;
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], gatherMode: dir, auditMode: dir, ...profile });
    if (!result || result.lhr.runtimeError) throw new Error(`${url}: ${result?.lhr.runtimeError?.code ?? 'no result'}`);
    wall = scores(result.lhr);
  } finally {
    await chrome.kill();
  }
  const traceFile = path.join(dir, readdirSync(dir).find((f) => f.endsWith('.trace.json'))!);
  const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
  writeFileSync(traceFile.replace(/\.json$/, '.wall.json'), JSON.stringify(trace));
  squeezeToCpuTime(trace.traceEvents);
  writeFileSync(traceFile, JSON.stringify(trace));
  const again = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], auditMode: dir, ...profile });
  writeFileSync(path.join(dir, 'cpu-lhr.json'), again!.report as string);
  return { wall, cpu: scores(again!.lhr) };
}

await compareBuilds<Scores>({
  script: 'lighthouse-cpu',
  measure: async (url, runPath) => {
    const r = await measure(url, runPath);
    return { reading: r.cpu, line: `CPU-timed ${show(r.cpu)} · as measured ${show(r.wall)}` };
  },
  show,
  mediansOf: `, CPU-timed, in ${CHROMIUM}`,
  skipFailedRuns: true,
});
