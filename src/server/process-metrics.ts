/**
 * prom-client's default metrics (process CPU, memory, file descriptors; Node's heap, GC, event-loop lag) under
 * METRICS_PREFIX: `gramsave_` by default, empty so the common Node.js dashboards (grafana.com 11159) work as
 * imported. Our own metrics keep their `gramsave_` names whatever the prefix. The registry is the process's:
 * a second app with another prefix (tests) replaces the first one's set.
 */
import { collectDefaultMetrics } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

let collecting: { prefix: string; names: string[] } | undefined;

const registeredNames = () => metricsRegistry.getMetricsAsArray().map((metric) => metric.name);

export function collectProcessMetrics(prefix: string): void {
  if (collecting?.prefix === prefix) return;
  for (const name of collecting?.names ?? []) metricsRegistry.removeSingleMetric(name);
  const before = new Set(registeredNames());
  collectDefaultMetrics({ register: metricsRegistry, prefix });
  collecting = { prefix, names: registeredNames().filter((name) => !before.has(name)) };
}
