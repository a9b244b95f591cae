// `node bench/trace-profile.mjs <trace.json> [min CPU ms]`: the functions inside each main-thread task of a page
// load that took at least min CPU ms (default 15), by self and inclusive samples, from a Lighthouse trace gathered
// with V8's sampling profiler (PROFILE=1 npx tsx bench/lighthouse-cpu.ts …). Minified names: open the chunk at
// the line and column printed to see the code.
import { readFileSync } from 'node:fs';

const [file, minArg = '15'] = process.argv.slice(2);
const trace = JSON.parse(readFileSync(file, 'utf8'));
const events = trace.traceEvents ?? trace;
const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
if (!profile) throw new Error('the trace has no CPU profile: gather it with PROFILE=1');
const nodes = new Map();
const samples = [];
const deltas = [];
for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === profile.id)) {
  for (const node of chunk.args.data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  samples.push(...(chunk.args.data.cpuProfile?.samples ?? []));
  deltas.push(...(chunk.args.data.timeDeltas ?? []));
}
let at = profile.args.data.startTime;
const times = deltas.map((d) => (at += d));
const frame = (node) => {
  const f = node.callFrame;
  return `${f.functionName || '(anonymous)'} ${(f.url ?? '').replace(/.*\//, '')}:${f.lineNumber}:${f.columnNumber}`;
};
const top = (counts, n) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${v}`).join(' | ');
const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= nav.ts && (e.tdur ?? e.dur) / 1000 >= Number(minArg));
for (const task of tasks) {
  const self = new Map();
  const inclusive = new Map();
  let count = 0;
  samples.forEach((id, i) => {
    if (times[i] < task.ts || times[i] > task.ts + task.dur) return;
    count++;
    const stack = [];
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) stack.push(frame(node));
    self.set(stack[0], (self.get(stack[0]) ?? 0) + 1);
    for (const name of new Set(stack)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  });
  console.log(`task at ${((task.ts - nav.ts) / 1000).toFixed(0)} ms: wall ${(task.dur / 1000).toFixed(1)} ms, CPU ${((task.tdur ?? task.dur) / 1000).toFixed(1)} ms, ${count} samples`);
  console.log(`  self: ${top(self, 10)}`);
  console.log(`  inclusive: ${top(inclusive, 16)}`);
}
