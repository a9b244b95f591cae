/** Build the Fastify app from a config. Tests build it on a loopback port; main.ts runs it. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { contactRoutes } from './http/contact.ts';
import { registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { mediaRoutes } from './http/media.ts';
import { rateLimits } from './http/rate-limit.ts';
import { securityHeaders } from './http/security-headers.ts';
import { siteRoutes } from './http/site.ts';
import { zipRoutes } from './http/zip.ts';
import { createLogger } from './logger.ts';
import type { MediaUpstreamOptions } from './media/proxy.ts';

export interface AppOptions {
  /** Log destination override (tests pass a silent stream). */
  logger?: ReturnType<typeof createLogger>;
  /** Media proxy overrides: DNS resolver and timeouts (tests resolve names without real DNS). */
  mediaUpstream?: MediaUpstreamOptions;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (options.logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 16_384 },
    requestIdHeader: 'x-request-id',
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    requestTimeout: 0, // downloads may stream for long; slow clients are bounded by connectionTimeout and backpressure
    http: { maxHeaderSize: 16 * 1024 },
  });

  registerErrorHandling(app);
  await app.register(securityHeaders, { config });
  await app.register(rateLimits, {});
  await app.register(healthRoutes, { config });
  // API route groups (one plugin each) are registered here, before the site's catch-all.
  await app.register(contactRoutes, { config });
  await app.register(mediaRoutes, { config, upstream: options.mediaUpstream });
  await app.register(zipRoutes, { config, upstream: options.mediaUpstream });
  await app.register(siteRoutes, { config });
  return app;
}
