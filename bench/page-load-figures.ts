/**
 * Figures of one Lighthouse run that hardly move with this machine's load, for comparing two builds while other
 * work runs: what the page asks for before its first paint (requests, bytes), its DOM size, and the main thread's
 * CPU time (the trace's thread time, `tdur`, which excludes the time the thread waited for a core; the wall time
 * Lighthouse simulates from grew two- to three-fold at load 8 on 2 cores here). `lanternTbt` is Lighthouse's own
 * total-blocking-time rule (each task after the first paint, slowed 4×, less 50 ms) applied to that CPU time: what a
 * quiet machine's TBT would be, roughly.
 */

export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

interface NetworkItem {
  transferSize: number;
  networkRequestTime?: number;
}

export interface PageLoadFigures {
  requestsBeforePaint: number;
  kbBeforePaint: number;
  domNodes: number;
  cpuBeforePaintMs: number;
  cpuMs: number;
  largestTaskCpuMs: number;
  lanternTbtMs: number;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const CPU_SLOWDOWN = 4;

/** The page's main-thread tasks after its navigation, and its first contentful paint, from a Chromium trace. */
function mainThreadTasks(events: TraceEvent[]) {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  if (!navigation) throw new Error('the trace has no navigation');
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid && e.ts > navigation.ts);
  if (!firstPaint) throw new Error('the trace has no first contentful paint');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation.pid);
  if (!main) throw new Error('the trace has no renderer main thread');
  const tasks = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && TASK_NAMES.has(e.name) && e.ts >= navigation.ts);
  return { tasks, paintTs: firstPaint.ts };
}

const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function pageLoadFigures(lhr: { audits: Record<string, { numericValue?: number; details?: unknown }> }, trace: { traceEvents: TraceEvent[] }): PageLoadFigures {
  const { tasks, paintTs } = mainThreadTasks(trace.traceEvents);
  const metrics = (lhr.audits.metrics?.details as { items: { observedFirstContentfulPaint: number }[] }).items[0]!;
  const requests = (lhr.audits['network-requests']?.details as { items: NetworkItem[] }).items;
  const beforePaint = requests.filter((r) => (r.networkRequestTime ?? Infinity) < metrics.observedFirstContentfulPaint);
  const afterPaint = tasks.filter((e) => e.ts >= paintTs);
  return {
    requestsBeforePaint: beforePaint.length,
    kbBeforePaint: sum(beforePaint.map((r) => r.transferSize)) / 1024,
    domNodes: lhr.audits['dom-size']?.numericValue ?? 0,
    cpuBeforePaintMs: sum(tasks.filter((e) => e.ts < paintTs).map(cpuMs)),
    cpuMs: sum(tasks.map(cpuMs)),
    largestTaskCpuMs: Math.max(0, ...tasks.map(cpuMs)),
    lanternTbtMs: sum(afterPaint.map((e) => Math.max(0, CPU_SLOWDOWN * cpuMs(e) - 50))),
  };
}
