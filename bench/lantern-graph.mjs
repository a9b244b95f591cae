// `node bench/lantern-graph.mjs <run folder>`: Lighthouse's simulated first paint, largest paint and blocking time for one
// run that bench/lighthouse-cpu.ts kept (artifacts saved with -G): each request and task of the graphs with its
// simulated start and end, to see which downloads and tasks set a figure.
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import * as constants from 'lighthouse/core/config/constants.js';

const artifacts = await loadArtifacts(process.argv[2]);
const settings = { ...constants.defaultSettings, throttlingMethod: 'simulate' };
const data = { trace: artifacts.Trace ?? artifacts.traces.defaultPass, devtoolsLog: artifacts.DevtoolsLog ?? artifacts.devtoolsLogs.defaultPass, gatherContext: artifacts.GatherContext, settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps ?? [], simulator: null };
const context = { computedCache: new Map(), settings };
const label = (n) => n.type === 'network' ? `NET ${n.request.url.replace(/.*\/\/[^/]*/, '').slice(0, 50)} ${n.request.transferSize}B` : `CPU ${(n.duration / 1000).toFixed(1)}ms ${[...new Set((n.childEvents ?? []).map((e) => e.args?.data?.url).filter(Boolean).map((u) => u.replace(/.*\//, '')))].slice(0, 2).join(' ')}`;
function show(name, est) {
  console.log(`${name}: ${est.timeInMs.toFixed(0)} ms`);
  const rows = [...est.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [n, t] of rows) if (n.type === 'network' || t.duration > 10) console.log(`   ${t.startTime.toFixed(0)}–${t.endTime.toFixed(0)} ${label(n)}`);
}
const fcp = await LanternFirstContentfulPaint.request(data, context);
show('FCP optimistic', fcp.optimisticEstimate); show('FCP pessimistic', fcp.pessimisticEstimate);
console.log('FCP', fcp.timing);
const lcp = await LanternLargestContentfulPaint.request(data, context);
console.log('LCP', lcp.timing, 'opt', lcp.optimisticEstimate.timeInMs.toFixed(0), 'pess', lcp.pessimisticEstimate.timeInMs.toFixed(0));
const tti = await LanternInteractive.request(data, context);
console.log('TTI', tti.timing);
const tbt = await LanternTotalBlockingTime.request(data, context);
console.log('TBT', tbt.timing);
show('TBT pessimistic (whole page)', tbt.pessimisticEstimate);
