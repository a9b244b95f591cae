/**
 * GET /metrics: Prometheus text from the process-wide registry. Not rate-limited (scrapers poll it);
 * keep it off the public internet at the proxy (see docs/deploy.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { metricsRegistry } from '../metrics.ts';

export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    const text = await metricsRegistry.metrics();
    return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(text);
  });
};
