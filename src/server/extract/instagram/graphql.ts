/**
 * A web GraphQL POST (PROTOCOL "Post strategies"): form with doc_id, variables and lsd, headers
 * X-FB-LSD / X-CSRFToken / X-FB-Friendly-Name. When Instagram rejects our tokens, they are fetched anew once.
 */
import { ExtractError } from '../failure.ts';
import type { UpstreamClient, UpstreamResponse } from './client.ts';
import { readJson, tryJson } from './responses.ts';
import type { TokenStore, WebTokens } from './tokens.ts';

export interface GraphqlQuery {
  path: '/graphql/query' | '/api/graphql';
  docId: string;
  variables: Record<string, unknown>;
  friendlyName: string;
  what: string;
}

function isTokenRejection(res: UpstreamResponse): boolean {
  if (res.status !== 400 && res.status !== 403) return false;
  const json = tryJson(res.body) as { message?: unknown } | undefined;
  return typeof json?.message === 'string' && /csrf|lsd|token/i.test(json.message);
}

export async function postGraphql(
  deps: { client: UpstreamClient; tokens: TokenStore },
  query: GraphqlQuery,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const send = (tokens: WebTokens) =>
    deps.client.send({
      origin: 'web',
      method: 'POST',
      path: query.path,
      form: {
        variables: JSON.stringify(query.variables),
        doc_id: query.docId,
        lsd: tokens.lsd,
        server_timestamps: 'true',
        fb_api_caller_class: 'RelayModern',
        fb_api_req_friendly_name: query.friendlyName,
      },
      headers: { 'x-fb-lsd': tokens.lsd, 'x-csrftoken': tokens.csrftoken, 'x-fb-friendly-name': query.friendlyName },
      cookies: { csrftoken: tokens.csrftoken },
      signal,
    });
  let tokens = await deps.tokens.get(signal);
  let res = await send(tokens);
  if (isTokenRejection(res)) {
    deps.tokens.invalidate(tokens);
    tokens = await deps.tokens.get(signal);
    res = await send(tokens);
    if (isTokenRejection(res)) throw new ExtractError('changed', `${query.what}: fresh tokens refused too`);
  }
  const json = readJson(res, query.what);
  // Per-post failures come back as data with a null media; an answer with errors and no data, or no data at
  // all, means Instagram no longer knows the document (its doc id rotated).
  if (!json.data) {
    const first = Array.isArray(json.errors) ? (json.errors[0] as { message?: string } | undefined) : undefined;
    throw new StaleDocumentError(`${query.what}: ${first?.message ?? 'an answer without data'} (doc_id ${query.docId})`);
  }
  return json;
}

/** Instagram refused the document: the doc id in use is stale. Still `changed` for the API and the metrics. */
export class StaleDocumentError extends ExtractError {
  constructor(message: string) {
    super('changed', message);
  }
}

/** Walk a path of keys; undefined when any step is missing. */
export function dig(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
