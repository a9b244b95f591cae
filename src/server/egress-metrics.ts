/**
 * The egress budget's lookups (issue 38 point 3): admitted (its reservation granted), refused before it sent anything,
 * finished (it ran to its answer, "not found" included) or cut (the budget refused a later step: its requests were
 * spent for nothing), and the Instagram requests of the finished and of the cut. Goodput is finished over admitted.
 */
import { Counter } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

const lookupsTotal = new Counter({
  name: 'gramsave_egress_lookups_total',
  help: 'Lookups that needed the egress budget: admitted (their reservation granted), refused before any request, finished, or cut half-way by the budget.',
  labelNames: ['event'] as const,
  registers: [metricsRegistry],
});

const lookupRequestsTotal = new Counter({
  name: 'gramsave_egress_lookup_requests_total',
  help: 'Upstream requests sent by lookups that finished, and by lookups the budget cut half-way (spent for nothing).',
  labelNames: ['lookup'] as const,
  registers: [metricsRegistry],
});

export function countLookup(event: 'admitted' | 'refused' | 'finished' | 'cut', requests = 0): void {
  lookupsTotal.inc({ event });
  if ((event === 'finished' || event === 'cut') && requests > 0) lookupRequestsTotal.inc({ lookup: event }, requests);
}
