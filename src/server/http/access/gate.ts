/**
 * The access gate in front of every lookup route. A request with an API key goes on when the key is good (counted
 * per key name) and is refused `unauthorized` (401: unknown or malformed) or `forbidden` (403: not from this address
 * or user agent) when it is not. A request with a token from a solved challenge (`Authorization: Bearer`) goes on
 * while the token is good for its address. Any other request (a token that ended included) is anonymous: it has CHALLENGE_FREE_PER_MIN lookups a
 * minute (none with API_AUTH_REQUIRED), then `challenge_required` (429). While the egress budget is saturated (issue 38
 * point 3) a flood pays per lookup: the anonymous allowance is none, and a token carries one lookup only (the first
 * use of it since the saturation began; the next is asked for a new challenge). These ApiErrors are the contract cobalt's
 * endpoint maps to its own codes (error.api.auth.*).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { countChallenge, countLookupByKey } from '../../access-metrics.ts';
import { ApiError } from '../../errors/api-error.ts';
import { countOnce } from '../count-once.ts';
import type { FreeLookups } from './free-lookups.ts';
import { clientOf } from './identity.ts';
import { TOKEN_LIFETIME_SECONDS, tokenChecker } from './session-token.ts';
import type { SpentSolutions } from './spent-solutions.ts';

export interface GateOptions {
  authRequired: boolean;
  free: FreeLookups;
  secret: Buffer;
  /** The egress budget's saturation (0 quiet): while it is saturated, the anonymous allowance is none. */
  saturation?: () => number;
  /** The tokens that have paid for a lookup under saturation (shared through Redis: once across instances). */
  spentTokens?: SpentSolutions;
}

const BEARER = /^bearer /i;

function challengeRequired(why: string): ApiError {
  countChallenge('required');
  return new ApiError('challenge_required', `${why} Solve a challenge (GET /api/v1/challenge, then POST /api/v1/session) and send Authorization: Bearer <token>, or use an API key.`, {
    source: 'instance',
  });
}

/**
 * A lookup with no key and no good token: refused while API_AUTH_REQUIRED or while the egress budget is saturated,
 * else counted against its address's free lookups. Decided once per request (count-once.ts): the resolve lane asks
 * before it answers, and the gate asks again when the lane hands the request on. `request` is the raw one.
 */
export type AnonymousAccess = (request: object, client: string, done: (refused: ApiError | undefined) => void) => void;

export function createAnonymousAccess({ authRequired, free, saturation }: Pick<GateOptions, 'authRequired' | 'free' | 'saturation'>): AnonymousAccess {
  const once = countOnce<ApiError | undefined>('anonymous access');
  const decide = (client: string, done: (refused: ApiError | undefined) => void) => {
    if (authRequired) return done(challengeRequired('This instance answers lookups for API keys and solved challenges only.'));
    // A flood of addresses each within its allowance would spend Instagram's budget for free: under saturation, none.
    if ((saturation?.() ?? 0) > 0) return done(challengeRequired('This instance is busy: every lookup needs a solved challenge for now.'));
    free.take(client, (over) => done(over ? challengeRequired('This address has used its free lookups for this minute.') : undefined));
  };
  return (request, client, done) => once(request, (decided) => decide(client, decided), done);
}

export function createGate({ authRequired, free, secret, saturation, spentTokens }: GateOptions, anonymous = createAnonymousAccess({ authRequired, free, saturation })) {
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
    if (authorization !== undefined && BEARER.test(authorization) && tokenValid(authorization.slice(7), clientOf(request))) {
      if (!spentTokens || !((saturation?.() ?? 0) > 0)) return done();
      // Under flood a solved challenge pays for one lookup, so that a wide flood pays per lookup, not per five minutes.
      const signature = authorization.slice(7).split('.')[1]!;
      spentTokens.claim(`token:${signature}`, TOKEN_LIFETIME_SECONDS * 1000).then(
        (first) => done(first ? undefined : challengeRequired('This instance is busy: each lookup needs its own solved challenge for now.')),
        () => done(),
      );
      return;
    }
    anonymous(request.raw, clientOf(request), (refused) => done(refused));
  };
}
