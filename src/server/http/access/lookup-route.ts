/**
 * The route config of every lookup (resolve, batch, users, cobalt's POST /): `lookup: true` puts the access gate in
 * front of it (access/plugin.ts), and its rate limit is the address's (RATE_LIMIT_RESOLVE_PER_MIN) or, for a request
 * with an API key, the key's own: a number of lookups a minute, or none at all for "unlimited".
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route looks posts up: the access gate (API keys, tokens, the challenge) stands in front of it. */
    lookup?: boolean;
  }
}

/** Lookups a minute for a request without an API key (by its address). */
export const lookupsPerAddress = (config: Config): number => config.rateLimits.resolvePerMin;

export function lookupRouteConfig(config: Config) {
  const perAddress = lookupsPerAddress(config);
  // Without a key file the limit is a number: nothing to decide per request.
  if (!config.access.keyUrl) return { lookup: true, rateLimit: { timeWindow: '1 minute', max: perAddress } };
  return {
    lookup: true,
    rateLimit: {
      timeWindow: '1 minute',
      max: (request: FastifyRequest) => {
        const access = request.access;
        return access?.status === 'ok' && typeof access.key.limit === 'number' ? access.key.limit : perAddress;
      },
      allowList: (request: FastifyRequest) => {
        const access = request.access;
        return access?.status === 'ok' && access.key.limit === 'unlimited';
      },
    },
  };
}
