/** The resolve lane put in front of an app whose routes are registered, with the parts it shares with the route. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { lookupsPerAddress } from '../access/lookup-route.ts';
import type { CachedLink } from '../link-resolver.ts';
import type { ResolvePresenter } from '../resolve-presenter.ts';
import { securityHeadersOf } from '../security-headers.ts';
import { installResolveLane, RESOLVE_ROUTE } from './lane.ts';

export function addResolveLane(app: FastifyInstance, config: Config, shared: { cached: CachedLink; present: ResolvePresenter }): void {
  const count = app.rateLimitCount(`POST ${RESOLVE_ROUTE}`);
  if (!count) throw new Error('resolve lane: the resolve route has no rate limit to count in');
  const parse = app.getDefaultJsonParser('error', 'error');
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  installResolveLane(app.server, {
    trustProxy: config.trustProxy,
    // Fastify's parser calls back at once (secure-json-parse, proto and constructor keys refused).
    parseJson: (text) => {
      let answered = false;
      let failed: unknown;
      let value: unknown;
      parse(undefined as never, text, (error, body) => {
        answered = true;
        failed = error;
        value = body;
      });
      if (!answered || failed) throw failed ?? new Error('the JSON parser did not answer at once');
      return value;
    },
    count,
    limit: lookupsPerAddress(config),
    anonymous: app.anonymousAccess,
    ...shared,
    securityHeaders: securityHeadersOf(config),
    log: app.log as never,
    closing: () => closing,
  });
}
