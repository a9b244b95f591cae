/**
 * One Threads lookup: the post's page (1 request: a post that shows is answered there), then GraphQL (`/` and the
 * query: 3 requests in all, a cold photo lookup's most). When both fail, the same verdict rules as Instagram's
 * (verdict.ts): a gating shell or a throttle is never "deleted", only the post's own page answering 404 is, and a
 * private account's long code with nothing but empty answers is private.
 */
import { ExtractError } from '../failure.ts';
import type { RawResolution } from '../raw.ts';
import { decideFailure, isDecisiveNotFound, onlySilence } from '../verdict.ts';
import type { ThreadsClient } from './client.ts';
import type { ThreadsDocIds } from './doc-ids.ts';
import { threadsGraphql } from './strategies/graphql.ts';
import { threadsPostPage } from './strategies/post-page.ts';
import type { ThreadsTarget } from './target.ts';

/** Private posts carry 28 characters after the media id in their code, on Threads as on Instagram. */
const PRIVATE_SUFFIX = 28;

export const THREADS_STRATEGIES = ['threads-page', 'threads-graphql'] as const;
export type ThreadsStrategyName = (typeof THREADS_STRATEGIES)[number];

/** Each way to look a thread up, in the order they are tried (check-live runs each alone). */
export const THREADS_STRATEGY_RUNS: Record<ThreadsStrategyName, (client: ThreadsClient, docIds: ThreadsDocIds, target: ThreadsTarget, signal: AbortSignal) => Promise<RawResolution>> = {
  'threads-page': (client, _docIds, target, signal) => threadsPostPage(client, target, signal),
  'threads-graphql': threadsGraphql,
};

export type Step = <T>(name: string, run: (signal: AbortSignal) => Promise<T>) => Promise<T>;

export async function lookUpThread(client: ThreadsClient, docIds: ThreadsDocIds, target: ThreadsTarget, step: Step): Promise<RawResolution> {
  const failures: ExtractError[] = [];
  for (const name of THREADS_STRATEGIES) {
    try {
      return await step(name, (signal) => THREADS_STRATEGY_RUNS[name](client, docIds, target, signal));
    } catch (err) {
      const failure = err instanceof ExtractError ? err : new ExtractError('changed', String(err));
      failures.push(failure);
      // Gone, text only, or our own budget refused: the next way would only say it again, or wait again.
      if (isDecisiveNotFound(failure) || failure.kind === 'no_media' || (failure.kind === 'rate_limited' && failure.source === 'instance')) break;
    }
  }
  if (onlySilence(failures) && target.shortcode.length > PRIVATE_SUFFIX) {
    throw new ExtractError('private', `${target.shortcode}: a private account's long code, and every answer empty`);
  }
  // The gating shell says only that Threads would not show the post to us: beside a throttle, the throttle is why.
  const throttles = failures.filter((f) => f.kind === 'rate_limited');
  throw decideFailure(throttles.length > 0 ? throttles : failures) ?? new ExtractError('unavailable', 'threads: nothing to try');
}
