/**
 * A web GraphQL POST (PROTOCOL "Post strategies", yt-dlp's 2026 shape): form with doc_id, variables, lsd,
 * fb_api_caller_class=RelayModern; headers X-FB-LSD, X-FB-Friendly-Name, X-CSRFToken when Instagram granted one,
 * Referer. When Instagram rejects our tokens, they are fetched anew once.
 */
import { ExtractError } from '../failure.ts';
import type { UpstreamClient, UpstreamResponse } from './client.ts';
import { classifyMessage, classifyStatus, loggedOutInBody, sporadicInBody, throttleInBody, tryJson } from './responses.ts';
import type { TokenStore, WebTokens } from './tokens.ts';

export interface GraphqlQuery {
  path: '/graphql/query' | '/api/graphql';
  docId: string;
  variables: Record<string, unknown>;
  friendlyName: string;
  what: string;
  /** The page the web app would send this from (yt-dlp sends the post's own URL); default Instagram's home. */
  referer?: string;
  /** Instagram refuses this query without X-CSRFToken: fail at once when it granted none. */
  needsCsrf?: boolean;
  /** Send it with a live session (the profile view's session queries), its walls left to the caller. */
  session?: boolean;
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
  const send = (tokens: WebTokens) => {
    if (query.needsCsrf && !tokens.csrftoken) throw new ExtractError('unavailable', `${query.what}: Instagram granted no CSRF token`);
    const csrf: Record<string, string> = tokens.csrftoken ? { 'x-csrftoken': tokens.csrftoken } : {};
    return deps.client.send({
      origin: 'web',
      method: 'POST',
      path: query.path,
      form: {
        lsd: tokens.lsd,
        fb_api_caller_class: 'RelayModern',
        fb_api_req_friendly_name: query.friendlyName,
        server_timestamps: 'true',
        variables: JSON.stringify(query.variables),
        doc_id: query.docId,
      },
      headers: { 'x-fb-lsd': tokens.lsd, ...csrf, 'x-fb-friendly-name': query.friendlyName, ...(query.referer ? { referer: query.referer } : {}) },
      cookies: tokens.csrftoken ? { csrftoken: tokens.csrftoken } : {},
      ...(query.session ? { session: true, wallsLiveSessions: true as const } : {}),
      signal,
    });
  };
  let tokens = await deps.tokens.get(signal);
  let res = await send(tokens);
  if (isTokenRejection(res)) {
    deps.tokens.invalidate(tokens);
    tokens = await deps.tokens.get(signal);
    res = await send(tokens);
    if (isTokenRejection(res)) throw new ExtractError('changed', `${query.what}: fresh tokens refused too`);
  }
  return readGraphqlAnswer(res, query);
}

/**
 * A GraphQL answer → its JSON, or the failure it carries. Throttling (a 429, or a 200 with a throttling code) is
 * rate_limited and never starts discovery, nor does Instagram's sporadic "execution error" 4630001 (unavailable).
 * Any other answer with `errors` and no `data` means Instagram no longer knows the document, whatever its `status`
 * says: a stale doc id.
 */
export function readGraphqlAnswer(res: UpstreamResponse, query: Pick<GraphqlQuery, 'what' | 'docId'>): Record<string, unknown> {
  const parsed = tryJson(res.body);
  // 2026: a stale or refused document answers HTTP 400 `invalid request` with `errors` (instaloader #2710).
  if (res.status === 400 && parsed && typeof parsed === 'object' && Array.isArray((parsed as { errors?: unknown }).errors)) {
    const body = parsed as Record<string, unknown>;
    const refused = throttleInBody(body, query.what) ?? loggedOutInBody(body, query.what) ?? sporadicInBody(body, query.what);
    if (refused) throw refused;
    const first = (body.errors as { message?: string }[])[0];
    throw new StaleDocumentError(`${query.what}: 400 ${String(body.message ?? '')} ${first?.message ?? ''} (doc_id ${query.docId})`);
  }
  const failure = classifyStatus(res, query.what);
  if (failure) throw failure;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    // Polaris answers its HTML app shell to clients without a browser's TLS fingerprint (FxEmbed PR #2299).
    throw new ExtractError('changed', `${query.what}: expected JSON, got ${res.body.trimStart().slice(0, 40).replace(/\s+/g, ' ')}`);
  }
  const json = parsed as Record<string, unknown>;
  const throttle = throttleInBody(json, query.what) ?? loggedOutInBody(json, query.what) ?? sporadicInBody(json, query.what);
  if (throttle) throw throttle;
  if (!json.data) {
    if (Array.isArray(json.errors) || json.status !== 'fail') {
      const first = Array.isArray(json.errors) ? (json.errors[0] as { message?: string } | undefined) : undefined;
      throw new StaleDocumentError(`${query.what}: ${first?.message ?? 'an answer without data'} (doc_id ${query.docId})`);
    }
    const message = typeof json.message === 'string' ? json.message : 'status fail';
    throw classifyMessage(message, query.what) ?? new ExtractError('changed', `${query.what}: ${message}`);
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
