/**
 * The access gate in front of every lookup route: a request with an API key goes on when the key is good (counted
 * per key name), and is refused `unauthorized` (401: unknown or malformed) or `forbidden` (403: not from this
 * address or user agent) when it is not; with API_AUTH_REQUIRED a request without a key is refused `unauthorized`.
 * These ApiErrors are the contract cobalt's endpoint maps to its own codes (error.api.auth.key.*).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { countLookupByKey } from '../../metrics.ts';
import { ApiError } from '../../errors/api-error.ts';

export interface GateOptions {
  authRequired: boolean;
}

export function createGate(options: GateOptions) {
  // A callback hook, not an async one: it runs on every lookup, cached resolves included.
  return function gate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const access = request.access;
    if (access?.status === 'ok') {
      countLookupByKey(access.key.name);
      return done();
    }
    if (access && access.status !== 'none') return done(new ApiError(access.status, access.reason));
    if (options.authRequired) {
      return done(new ApiError('unauthorized', 'This instance answers lookups for API keys only: send Authorization: Api-Key <key>.'));
    }
    done();
  };
}
