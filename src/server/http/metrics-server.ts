/**
 * GET /metrics (Prometheus text) and GET /readyz with its detail (health.ts) on their own listener, never on the
 * public port: METRICS_PORT on METRICS_HOST (loopback by default), so only the machine itself, or a scraper on a
 * private network the operator opens it to, can read request rates, strategy outcomes, proxies and traffic. With METRICS_TOKEN set, a scrape must also send
 * `Authorization: Bearer <token>`. It starts when the app is ready and closes with it.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { metricsRegistry } from '../metrics.ts';
import type { ReadinessReport } from './health.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** http://host:port of the metrics listener once the app listens (tests read the ephemeral port here). */
    metricsUrl(): string | undefined;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function authorized(request: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export function serveMetricsPrivately(app: FastifyInstance, config: Config['metrics'], readiness?: () => Promise<ReadinessReport>): void {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
    };
    const route = request.url?.split('?')[0];
    if ((route !== '/metrics' && (route !== '/readyz' || !readiness)) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return send(404, 'text/plain; charset=utf-8', 'Not found: the metrics listener serves GET /metrics and /readyz only.\n');
    }
    if (!authorized(request, config.token)) {
      return send(401, 'text/plain; charset=utf-8', 'Send Authorization: Bearer <METRICS_TOKEN>.\n', { 'www-authenticate': 'Bearer' });
    }
    if (route === '/readyz') {
      readiness!().then(
        ({ ready, detail }) => send(ready ? 200 : 503, 'application/json; charset=utf-8', request.method === 'HEAD' ? '' : JSON.stringify(detail)),
        () => send(500, 'text/plain; charset=utf-8', 'Readiness check failed.\n'),
      );
      return;
    }
    metricsRegistry.metrics().then(
      (text) => send(200, metricsRegistry.contentType, request.method === 'HEAD' ? '' : text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics collection failed');
        send(500, 'text/plain; charset=utf-8', 'Metrics collection failed.\n');
      },
    );
  });
  let url: string | undefined;
  app.decorate('metricsUrl', () => url);
  // onReady (awaited by listen), not onListen (which listen does not wait for): the URL is known once listen resolves.
  app.addHook('onReady', async () => {
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', (err) => {
        // Metrics are for the operator: a busy port is logged loudly, and the product itself keeps serving.
        app.log.error({ err, port: config.port, host: config.host }, 'metrics listener could not start: /metrics is unavailable');
        resolve(false);
      });
      server.listen(config.port, config.host, () => resolve(true));
    });
    if (!bound) return;
    const { address, port } = server.address() as AddressInfo;
    url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
    app.log.info({ metrics: `${url}/metrics`, token: Boolean(config.token) }, 'metrics listener ready');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
