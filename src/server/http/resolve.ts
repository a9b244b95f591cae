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
import type { RawResolution } from '../extract/raw.ts';
import { presentResolution } from '../media/present.ts';
import { ApiError } from '../errors/api-error.ts';
import { jsonOnlyNoStore } from './json-only.ts';
import { EncodedAnswer } from './encoded-answer.ts';
import { readResolveRequest } from './resolve-request.ts';
import { createLinkLookup } from './link-resolver.ts';
import { clientOf } from './access/identity.ts';
import { lookupRouteConfig } from './access/lookup-route.ts';

export interface ResolveRouteOptions {
  config: Config;
  /** A resolver to use (and not close); by default one is built from the config. */
  resolver?: Resolver;
  /** The app's shared Redis client (shared resolution cache). */
  redis?: Redis;
  timeouts?: Partial<ResolverTimeouts>;
}


/**
 * A cached RawResolution is the same object on every memory-cache hit; its signed answer, and the compressed
 * copies of it, are reused for a minute instead of signing and compressing again per request (the links stay
 * valid for hours).
 */
const PRESENTATION_REUSE_MS = 60_000;

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return fields;
}

export const resolveRoutes: FastifyPluginAsync<ResolveRouteOptions> = async (app, options) => {
  const { config } = options;
  const resolver = options.resolver ?? new Resolver({ config, logger: app.log, redis: options.redis, timeouts: options.timeouts });
  const lookUp = createLinkLookup(resolver);
  const presented = new WeakMap<RawResolution, { at: number; answer: EncodedAnswer }>();
  const present = (raw: RawResolution): EncodedAnswer => {
    const now = Date.now();
    const reuse = presented.get(raw);
    if (reuse && now - reuse.at < PRESENTATION_REUSE_MS) return reuse.answer;
    const answer = new EncodedAnswer(JSON.stringify(presentResolution(raw, { secret: config.media.secret })));
    presented.set(raw, { at: now, answer });
    return answer;
  };
  if (!options.resolver) app.addHook('onClose', async () => resolver.close());

  app.post(
    '/api/v1/resolve',
    {
      bodyLimit: MAX_RESOLVE_BODY_BYTES,
      // Answers carry their own compressed copies (EncodedAnswer); errors are small.
      compress: false,
      config: lookupRouteConfig(config),
      onRequest: jsonOnlyNoStore,
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
