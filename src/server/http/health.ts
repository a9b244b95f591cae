/**
 * /healthz: the process is up (liveness). /readyz: the build is present and, when REDIS_URL is set,
 * Redis answers a PING (readiness). Neither is rate-limited; both are cheap enough to poll every second.
 * The public /readyz says `{ status }` alone: its detail (every proxy's host:port, session hashes, strategy health)
 * is the operator's, served on the private metrics listener's /readyz (metrics-server.ts).
 * /api/openapi.json: the API's description.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Resolver } from '../extract/resolver.ts';
import { reportReadiness } from '../metrics.ts';
import type { SharedRedis } from '../redis.ts';
import { openApiDocument } from './openapi-document.ts';
import { checkReadiness } from './readiness.ts';

export interface HealthRouteOptions {
  config: Config;
  redis?: SharedRedis;
  /** Per-strategy health and the doc ids in use: detail for /readyz (readiness does not depend on it). */
  extraction?: () => ReturnType<Resolver['status']>;
}

export interface ReadinessReport {
  ready: boolean;
  detail: Record<string, unknown>;
}

/** The one judgement (readiness.ts) with the operator's detail, for the private listener's /readyz. */
export async function readinessOf({ config, redis, extraction }: HealthRouteOptions): Promise<ReadinessReport> {
  const { ready, build, redis: redisState } = await checkReadiness(config.buildDir, redis);
  // audioFormats: whether cobalt's mp3, opus, ogg and wav are made (ffmpeg found) or answered with the original .m4a.
  const audioFormats = config.media.ffmpeg ? 'ffmpeg' : 'original';
  return { ready, detail: { status: ready ? 'ready' : 'not_ready', build, redis: redisState, audioFormats, ...(extraction ? extraction() : {}) } };
}

export const healthRoutes: FastifyPluginAsync<HealthRouteOptions> = async (app, options) => {
  const { config, redis } = options;
  const openApi = JSON.stringify(openApiDocument());
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(openApi));
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  reportReadiness(async () => (await checkReadiness(config.buildDir, redis)).ready);
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const { ready } = await readinessOf(options);
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'not_ready' });
  });
};
