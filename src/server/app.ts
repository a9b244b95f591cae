/** Build the Fastify app from a config. Tests build it on a loopback port; main.ts runs it. */
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.ts';
import { keyBeforeLimits } from './http/access/key-first.ts';
import { access } from './http/access/plugin.ts';
import { contactRoutes } from './http/contact.ts';
import { registerErrorHandling } from './http/errors.ts';
import { healthRoutes, readinessOf } from './http/health.ts';
import { acceptUtf8JsonOnly } from './http/json-charset.ts';
import { serveMetricsPrivately } from './http/metrics-server.ts';
import { mediaRoutes } from './http/media.ts';
import { muxRoutes } from './http/mux.ts';
import { batchRoutes } from './http/batch.ts';
import { createRootAnswer } from './http/cobalt/info.ts';
import { cobaltRoutes } from './http/cobalt/routes.ts';
import { createLinkLookups, createLinkResolver } from './http/link-resolver.ts';
import { createResolvePresenter } from './http/resolve-presenter.ts';
import { addResolveLane } from './http/resolve-lane/from-app.ts';
import { rateLimits } from './http/rate-limit.ts';
import { clientErrorHandler, frameworkErrors, MAX_HEADER_BYTES, refuseConnect, requestIdFor, requestLimits } from './http/request-limits.ts';
import { lazyRequestLogger } from './http/lazy-request-logger.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { resolveRoutes } from './http/resolve.ts';
import { securityHeaders } from './http/security-headers.ts';
import { siteRoutes } from './http/site.ts';
import { createStreamGuard } from './http/stream-guard.ts';
import { zipRoutes } from './http/zip.ts';
import { usersRoutes } from './http/users/routes.ts';
import type { RawResolution } from './extract/raw.ts';
import { Resolver, type ResolverTimeouts } from './extract/resolver.ts';
import { createLogger } from './logger.ts';
import { reportExtractionStatus } from './metrics.ts';
import { collectProcessMetrics } from './process-metrics.ts';
import { measureFileSizes } from './media/file-sizes.ts';
import { createMediaUpstream, type MediaUpstreamOptions } from './media/proxy/proxy.ts';
import { createStreamSlots } from './media/stream-slots.ts';
import { createSharedRedis, type SharedRedis } from './redis.ts';
import type { ResolutionCache } from './store/resolution-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's resolver (its strategy health and doc ids; tests reset or read them). */
    resolver: Resolver;
  }
}

export interface AppOptions {
  /** Log destination override (tests pass a silent stream). */
  logger?: ReturnType<typeof createLogger>;
  /** Media proxy overrides: DNS resolver and timeouts (tests resolve names without real DNS). */
  mediaUpstream?: MediaUpstreamOptions;
  /** A Redis connection to use instead of one built from config.redisUrl (the caller then closes it). */
  redis?: SharedRedis;
  /** Resolver timeouts: per upstream request and overall (tests shorten them). */
  resolveTimeouts?: Partial<ResolverTimeouts>;
  /** The resolutions' and the profile view's cache instead of one built from config (a test moves its clock). */
  resolutionCache?: ResolutionCache<RawResolution>;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (options.logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 16_384 },
    // x-request-id is honoured when sane (see requestIdFor) and echoed back (request-metrics.ts).
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Idle sockets close after 60 s; a request (not its response: downloads stream for long) must
    // arrive whole within 30 s, its headers within 15 s.
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    requestTimeout: 30_000,
    http: { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: 15_000 },
    clientErrorHandler,
    frameworkErrors,
  });
  const redis = options.redis ?? (config.redisUrl ? createSharedRedis(config.redisUrl, app.log) : undefined);
  if (redis && !options.redis) app.addHook('onClose', async () => redis.close());

  registerErrorHandling(app);
  acceptUtf8JsonOnly(app);
  // A CONNECT (a proxy's verb) gets our JSON error instead of a closed socket.
  app.server.on('connect', refuseConnect);
  await app.register(securityHeaders, { config });
  await app.register(requestMetrics);
  await app.register(requestLimits);
  // JSON answers and the sitemap are compressed on the fly (quick levels); pages and assets are precompressed
  // at build time and media streams opt out (compress: false on their routes).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // A lookup's API key is judged before its limits: registered before the limiter, whose hook then runs after it.
  await app.register(keyBeforeLimits);
  await app.register(rateLimits, { redis });
  // API keys and the gate before every lookup route: registered before the routes it stands in front of.
  // The egress budget's saturation, once the resolver exists: the gate and the challenge's cost follow it.
  let saturation = (): number => 0;
  await app.register(access, { config, redis, saturation: () => saturation() });
  // One resolver for the app: the resolve route uses it, /readyz and /metrics report its strategies and doc ids.
  // One allow-listed connection pool for every outbound media request (single files, ZIPs, and the HEADs that
  // learn a looked-up post's file sizes).
  const mediaUpstream = createMediaUpstream(config.media, options.mediaUpstream);
  app.addHook('onClose', async () => mediaUpstream.close());
  const resolver = new Resolver({
    config,
    logger: app.log,
    redis: redis?.client,
    timeouts: options.resolveTimeouts,
    ...(options.resolutionCache ? { cache: options.resolutionCache } : {}),
    measureSizes: (raw) => measureFileSizes(raw, mediaUpstream),
  });
  app.addHook('onClose', async () => resolver.close());
  saturation = () => resolver.client.pool.budget.saturation();
  reportExtractionStatus(() => resolver.status());
  app.decorate('resolver', resolver);
  const health = { config, redis, extraction: () => resolver.status() };
  await app.register(healthRoutes, health);
  serveMetricsPrivately(app, config.metrics, () => readinessOf(health));
  collectProcessMetrics(config.metrics.prefix);
  // API route groups (one plugin each) are registered here, before the site's catch-all.
  const lookups = createLinkLookups(resolver);
  const present = createResolvePresenter(config);
  await app.register(resolveRoutes, { config, resolver, lookUp: lookups.lookUp, present });
  const resolveLink = createLinkResolver(resolver);
  await app.register(batchRoutes, { config, resolveLink });
  await app.register(contactRoutes, { config });
  // One cap on open downloads per client IP and one stall timeout, for every long download route.
  const streamGuard = createStreamGuard({
    slots: createStreamSlots(config.media.maxStreamsPerClient, redis),
    ceiling: createStreamSlots(config.media.maxStreams, redis),
    stallTimeoutMs: config.media.stallTimeoutMs,
  });
  await app.register(mediaRoutes, { config, upstream: mediaUpstream, streamGuard });
  await app.register(zipRoutes, { config, upstream: mediaUpstream, streamGuard, resolveLink });
  await app.register(muxRoutes, { config, upstream: mediaUpstream, streamGuard });
  // cobalt's API on / (POST, OPTIONS; GET / is the site's, which answers cobalt's clients with its instance info).
  await app.register(cobaltRoutes, { config, resolveLink });
  await app.register(usersRoutes, { config, resolver, upstream: mediaUpstream, streamGuard });
  await app.register(siteRoutes, { config, root: createRootAnswer(config) });
  // A cached resolve is answered beside Fastify, with the route's own checks (resolve-lane/lane.ts).
  addResolveLane(app, config, { cached: lookups.cached, present });
  return app;
}
