/** What every users route does with its request: the username read, the lookup run for this client in the API's terms. */
import type { FastifyRequest } from 'fastify';
import { USERNAME_RE } from '../../../shared/link.ts';
import { ExtractError, toApiError } from '../../extract/failure.ts';
import { asClient, withLookup } from '../../extract/meta/egress/lookup-client.ts';
import { ApiError } from '../../errors/api-error.ts';
import { clientOf } from '../access/identity.ts';

/** A whole view, every section included, within this time. */
const DEADLINE_MS = 25_000;

/** `name` or `@name`, any case → the username, or 400 invalid_url. */
export function usernameOf(param: string): string {
  const name = param.startsWith('@') ? param.slice(1) : param;
  if (!USERNAME_RE.test(name)) throw new ApiError('invalid_url', 'Please enter a valid Instagram username.');
  return name.toLowerCase();
}

/** Run a lookup for this client (the egress budget queues fairly across clients), failures in the API's terms. */
export async function forClient<T>(request: FastifyRequest, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    // The deadline carries whom the lookup is for: the egress budget queues its requests as that client's.
    return await run(asClient(AbortSignal.timeout(DEADLINE_MS), clientOf(request)));
  } catch (err) {
    throw err instanceof ExtractError ? toApiError(err) : err;
  }
}

/**
 * A lookup route's run: as forClient, one profile-view lookup to the egress budget (its maximum reserved with its
 * first request, what it did not spend given back), and its requests together wait at most `maxWaitMs`
 * (IG_EGRESS_MAX_WAIT_MS), however many sections or steps it has; a section not reached is refused as rate_limited
 * with its Retry-After. (A ZIP's download is no lookup: its pages wait each their turn.)
 */
export function forLookup<T>(request: FastifyRequest, maxWaitMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return forClient(request, (signal) => withLookup('profile', maxWaitMs, signal, () => run(signal)));
}
