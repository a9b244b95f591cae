/**
 * Request latency per route pattern, and the request id echoed back (x-request-id) so a client's
 * report can be matched with our log lines. Unmatched paths share one label: raw URLs never become labels.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration } from '../metrics.ts';

const plugin: FastifyPluginAsync = async (app) => {
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observeRequest(request.method, route, String(reply.statusCode), reply.elapsedTime / 1000);
    done();
  });
};

export const requestMetrics = fp(plugin, { name: 'request-metrics' });
