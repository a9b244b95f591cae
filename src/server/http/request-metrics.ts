/**
 * Request latency per route pattern, and the request id echoed back (x-request-id) so a client's
 * report can be matched with our log lines. Unmatched paths share one label: raw URLs never become labels.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration } from '../metrics.ts';

const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
};

export const requestMetrics = fp(plugin, { name: 'request-metrics' });
