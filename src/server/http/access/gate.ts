/**
 * The access gate in front of every lookup route. A request with an API key goes on when the key is good (counted
 * per key name) and is refused `unauthorized` (401: unknown or malformed) or `forbidden` (403: not from this address
 * or user agent) when it is not. A request with a token from a solved challenge (`Authorization: Bearer`) goes on
 * while the token is good for its address. Any other request (a token that ended included) is anonymous: it has CHALLENGE_FREE_PER_MIN lookups a
 * minute (none with API_AUTH_REQUIRED), then `challenge_required` (429). These ApiErrors are the contract cobalt's
 * endpoint maps to its own codes (error.api.auth.*).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { countChallenge, countLookupByKey } from '../../access-metrics.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { FreeLookups } from './free-lookups.ts';
import { clientOf } from './identity.ts';
import { tokenChecker } from './session-token.ts';

export interface GateOptions {
  authRequired: boolean;
  free: FreeLookups;
  secret: Buffer;
  /** The egress budget's saturation (0 quiet): while it is saturated, the anonymous allowance is none. */
  saturation?: () => number;
}

const BEARER = /^bearer /i;

function challengeRequired(why: string): ApiError {
  countChallenge('required');
  return new ApiError('challenge_required', `${why} Solve a challenge (GET /api/v1/challenge, then POST /api/v1/session) and send Authorization: Bearer <token>, or use an API key.`, {
    source: 'instance',
  });
}

export function createGate({ authRequired, free, secret, saturation }: GateOptions) {
  const tokenValid = tokenChecker(secret);
  // A callback hook, not an async one: it runs on every lookup, cached resolves included.
  return function gate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const access = request.access;
    if (access?.status === 'ok') {
      countLookupByKey(access.key.name);
      return done();
    }
    if (access && access.status !== 'none') return done(new ApiError(access.status, access.reason));
    // A token that has ended, or was earned from another address, counts for nothing: the request is anonymous.
    const authorization = request.headers.authorization;
    if (authorization !== undefined && BEARER.test(authorization) && tokenValid(authorization.slice(7), clientOf(request))) return done();
    if (authRequired) return done(challengeRequired('This instance answers lookups for API keys and solved challenges only.'));
    // A flood of addresses each within its allowance would spend Instagram's budget for free: under saturation, none.
    if ((saturation?.() ?? 0) > 0) return done(challengeRequired('This instance is busy: every lookup needs a solved challenge for now.'));
    free.take(clientOf(request), (over) => (over ? done(challengeRequired('This address has used its free lookups for this minute.')) : done()));
  };
}
