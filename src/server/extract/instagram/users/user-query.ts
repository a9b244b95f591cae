/**
 * The profile view's GraphQL queries (issue 36: the posts timeline, the stories reel, the profile page), asked like
 * the post strategies' (graphql.ts: tokens, headers, an answer's failures) and healed like them: when Instagram
 * refuses the doc id in use, discovery finds the operation's current id in the bundles (discovery/) and the query
 * goes out once more.
 */
import type { DocIdOperation } from '../doc-ids.ts';
import { postGraphql, StaleDocumentError, type GraphqlQuery } from '../graphql.ts';
import type { InstagramDeps } from '../strategy.ts';

export interface UserQueries {
  deps: InstagramDeps;
  /**
   * The id to retry with after `failedId` was refused for `op` (discovery reads `pagePath` and its bundles), for the
   * lookup whose requests carry `signal`.
   */
  heal(op: DocIdOperation, failedId: string, pagePath: string, signal?: AbortSignal): Promise<string | undefined>;
}

export type UserQueryOperation = 'profilePosts' | 'stories' | 'profilePage';

export async function askUserQuery(
  queries: UserQueries,
  op: UserQueryOperation,
  pagePath: string,
  build: (docId: string) => GraphqlQuery,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const used = queries.deps.docIds[op];
  try {
    return await postGraphql(queries.deps, build(used), signal);
  } catch (err) {
    if (!(err instanceof StaleDocumentError)) throw err;
    const replacement = await queries.heal(op, used, pagePath, signal);
    if (!replacement) throw err;
    return postGraphql(queries.deps, build(replacement), signal);
  }
}
