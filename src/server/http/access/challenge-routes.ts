/**
 * GET /api/v1/challenge → a signed proof-of-work challenge for this address (proof-of-work.ts); POST /api/v1/session
 * `{ challenge, solution }` → `{ token, exp }` (session-token.ts), once per challenge across instances. Refusals:
 * 400 bad_request (not a challenge and solution), 410 expired, 403 forbidden (another address's or a tampered
 * challenge, a wrong solution, or one already used). Both limited like the lookups per address.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { countChallenge } from '../../access-metrics.ts';
import type { SharedRedis } from '../../redis.ts';
import { ApiError } from '../../errors/api-error.ts';
import { jsonOnlyNoStore } from '../json-only.ts';
import { clientOf } from './identity.ts';
import { CHALLENGE_LIFETIME_SECONDS, checkSolution, costUnderLoad, createChallenge, type SolutionVerdict } from './proof-of-work.ts';
import { issueToken } from './session-token.ts';
import { memorySpentSolutions, redisSpentSolutions } from './spent-solutions.ts';

export interface ChallengeRouteOptions {
  config: Config;
  redis?: SharedRedis;
  secret: Buffer;
  /** The egress budget's saturation (0 quiet): the challenge costs more under flood. */
  saturation?: () => number;
}

const REFUSALS: Record<Exclude<SolutionVerdict, 'ok'>, ApiError> = {
  malformed: new ApiError('bad_request', 'Send {"challenge": <the challenge as given>, "solution": [one number per puzzle]}.'),
  expired: new ApiError('expired', 'This challenge has expired: ask for a new one (GET /api/v1/challenge).'),
  not_yours: new ApiError('forbidden', 'This challenge was not given to this address, or was changed.'),
  wrong: new ApiError('forbidden', 'This is not a solution of the challenge.'),
};
const REPLAY = new ApiError('forbidden', 'This challenge has been solved already: ask for a new one.');

export const challengeRoutes: FastifyPluginAsync<ChallengeRouteOptions> = async (app, { config, redis, secret, saturation }) => {
  const spent = redis ? redisSpentSolutions(redis) : memorySpentSolutions();
  const rateLimit = { max: config.rateLimits.resolvePerMin, timeWindow: '1 minute' };

  app.get('/api/v1/challenge', { config: { rateLimit } }, async (request, reply) => {
    countChallenge('issued');
    return reply.header('cache-control', 'no-store').send(createChallenge(secret, clientOf(request), costUnderLoad(config.access.challengeCost, saturation?.() ?? 0)));
  });

  app.post('/api/v1/session', { bodyLimit: 4096, config: { rateLimit }, onRequest: jsonOnlyNoStore }, async (request) => {
    const body = (request.body ?? {}) as { challenge?: unknown; solution?: unknown };
    const verdict = checkSolution(secret, body.challenge, body.solution, clientOf(request));
    if (verdict !== 'ok') {
      countChallenge('rejected');
      throw REFUSALS[verdict];
    }
    if (!(await spent.claim((body.challenge as { salt: string }).salt, CHALLENGE_LIFETIME_SECONDS * 1000))) {
      countChallenge('rejected');
      throw REPLAY;
    }
    countChallenge('solved');
    return issueToken(secret, clientOf(request));
  });
};
