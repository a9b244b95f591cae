/** The readiness detail (build, Redis, strategies, egress) an app serves on its private metrics listener only. */
import type { FastifyInstance } from 'fastify';

export async function readinessDetail(app: FastifyInstance): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const url = app.metricsUrl();
  if (!url) throw new Error('the metrics listener is not up');
  return (await fetch(`${url}/readyz`)).json();
}
