/**
 * POST /api/v1/resolve {url, tool?} → Resolution (DESIGN "HTTP API"). JSON only (415), body ≤ 8 KB (413),
 * zod-validated; the answer is never cached by browsers or proxies (its media links are signed per answer).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { MAX_RESOLVE_BODY_BYTES } from '../../shared/api-schemas.ts';
import type { Config } from '../config.ts';
import { Resolver, type ResolverTimeouts } from '../extract/resolver.ts';
import { ApiError } from '../errors/api-error.ts';
import { jsonOnlyNoStore } from './json-only.ts';
import { readResolveRequest } from './resolve-request.ts';
import { createLinkLookups, type LinkLookup } from './link-resolver.ts';
import { createResolvePresenter, type ResolvePresenter } from './resolve-presenter.ts';
import { handedBodyFirst } from './resolve-lane/handed-body.ts';
import { clientOf } from './access/identity.ts';
import { lookupRouteConfig } from './access/lookup-route.ts';

export interface ResolveRouteOptions {
  config: Config;
  /** A resolver to use (and not close); by default one is built from the config. */
  resolver?: Resolver;
  /** The app's shared Redis client (shared resolution cache). */
  redis?: Redis;
  timeouts?: Partial<ResolverTimeouts>;
  /** The lookup and the presenter to share with the resolve lane (app.ts); by default the route's own. */
  lookUp?: LinkLookup;
  present?: ResolvePresenter;
}


function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return fields;
}

export const resolveRoutes: FastifyPluginAsync<ResolveRouteOptions> = async (app, options) => {
  const { config } = options;
  const resolver = options.resolver ?? new Resolver({ config, logger: app.log, redis: options.redis, timeouts: options.timeouts });
  const lookUp = options.lookUp ?? createLinkLookups(resolver).lookUp;
  const present = options.present ?? createResolvePresenter(config);
  if (!options.resolver) app.addHook('onClose', async () => resolver.close());

  app.post(
    '/api/v1/resolve',
    {
      bodyLimit: MAX_RESOLVE_BODY_BYTES,
      // Answers carry their own compressed copies (EncodedAnswer); errors are small.
      compress: false,
      config: lookupRouteConfig(config),
      onRequest: jsonOnlyNoStore,
      // A request the resolve lane read and handed on comes with its body already read.
      preParsing: handedBodyFirst,
    },
    // Not an async handler: a hit (most resolves) is answered in this call, without the handler's promise and an
    // await of an answer already here; only a lookup that has to wait returns a promise.
    (request, reply) => {
      const body = readResolveRequest(request.body);
      if (!body.success) {
        throw new ApiError('bad_request', 'Send {"url": "…"} with a link to Instagram content.', { fields: fieldsOf(body.error) });
      }
      const raw = lookUp(body.data.url, body.data.tool, clientOf(request));
      if (raw instanceof Promise) return raw.then((resolved) => present(resolved).send(request, reply));
      present(raw).send(request, reply);
      return undefined;
    },
  );
};
