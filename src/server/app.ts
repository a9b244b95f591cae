/** Build the Fastify app from a config. Tests build it on a loopback port; main.ts runs it. */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { securityHeaders } from './http/security-headers.ts';
import { siteRoutes } from './http/site.ts';
import { createLogger } from './logger.ts';

export interface AppOptions {
  /** Log destination override (tests pass a silent stream). */
  logger?: ReturnType<typeof createLogger>;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    maxParamLength: 4096,
    requestIdHeader: 'x-request-id',
    disableRequestLogging: false,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    requestTimeout: 0, // downloads may stream for long; slow clients are bounded by connectionTimeout and backpressure
    http: { maxHeaderSize: 16 * 1024 },
  });

  registerErrorHandling(app);
  await app.register(securityHeaders, { config });
  await app.register(healthRoutes, { config });
  await app.register(siteRoutes, { config });
  return app;
}
