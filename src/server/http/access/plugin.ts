/**
 * Access to the lookups: API keys from API_KEY_URL (loaded here, reloaded as the file changes), `request.access` on
 * every request, the challenge's routes, and the gate before each route whose config says `lookup: true`.
 * Registered before the routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { SharedRedis } from '../../redis.ts';
import { challengeRoutes } from './challenge-routes.ts';
import { createFreeLookups } from './free-lookups.ts';
import { createAnonymousAccess, createGate, type AnonymousAccess } from './gate.ts';
import { accessGetter } from './identity.ts';
import { loadKeySource } from './key-source.ts';
import { challengeSecretOf } from './proof-of-work.ts';
import { memorySpentSolutions, redisSpentSolutions } from './spent-solutions.ts';

export interface AccessOptions {
  config: Config;
  redis?: SharedRedis;
  /** The egress budget's saturation (0 quiet), read at each anonymous lookup and challenge. */
  saturation?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gate's answer to a lookup with no key and no token (the resolve lane asks it before it answers). */
    anonymousAccess: AnonymousAccess;
  }
}

const plugin: FastifyPluginAsync<AccessOptions> = async (app, { config, redis, saturation: load }) => {
  const saturation = config.access.floodChallenge ? load : undefined;
  const keys = config.access.keyUrl ? await loadKeySource({ url: config.access.keyUrl, logger: app.log }) : undefined;
  if (keys) app.addHook('onClose', async () => keys.close());
  app.decorateRequest('access', { getter: accessGetter(keys ? () => keys.current() : undefined) });
  const secret = challengeSecretOf(config.media.secret);
  const free = createFreeLookups(config.access.challengeFreePerMin, redis, app.log);
  const spentTokens = redis ? redisSpentSolutions(redis) : memorySpentSolutions();
  const anonymous = createAnonymousAccess({ authRequired: config.access.authRequired, free, ...(saturation ? { saturation } : {}) });
  app.decorate('anonymousAccess', anonymous);
  const gate = createGate({ authRequired: config.access.authRequired, free, secret, ...(saturation ? { saturation, spentTokens } : {}) }, anonymous);
  app.addHook('onRoute', (route) => {
    if (route.config?.lookup !== true) return;
    const own = route.preHandler;
    route.preHandler = [gate, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
  await app.register(challengeRoutes, { config, redis, secret, ...(saturation ? { saturation } : {}) });
};

export const access = fp(plugin, { name: 'access' });
