/**
 * A web GraphQL POST (PROTOCOL "Post strategies"), in one of the request shapes the peers disagree on
 * (request-shapes/): yt-dlp's 2026 shape with the page's tokens (form with doc_id, variables, lsd,
 * fb_api_caller_class=RelayModern; headers X-FB-LSD, X-FB-Friendly-Name, X-CSRFToken when Instagram granted one,
 * Referer; tokens fetched anew once when Instagram rejects them), or the bare one. Each shape's health is tracked.
 */
import { ExtractError } from '../failure.ts';
import type { UpstreamClient, UpstreamResponse } from './client.ts';
import { classifyMessage, classifyStatus, loggedOutInBody, sporadicInBody, throttleInBody, tryJson } from './responses.ts';
import { bareRequest, pageTokensRequest, type RequestShapeName } from './request-shapes/shapes.ts';
import type { RequestShapes } from './request-shapes/shape-health.ts';
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
  deps: { client: UpstreamClient; tokens: TokenStore; shapes?: RequestShapes; shape?: RequestShapeName },
  query: GraphqlQuery,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  // One shape per query: the healthiest (request-shapes/), or the one a live check names. A refused shape costs no
  // second request: it demotes itself within three posts, and the other leads from then on.
  // A session's query is always sent with the page's tokens and the session: the bare shape is a logged-out one.
  const shapes = query.session ? undefined : deps.shapes;
  const shape = query.session ? 'page-tokens' : (deps.shape ?? shapes?.first(query.what) ?? 'page-tokens');
  const target = JSON.stringify(query.variables);
  let res: UpstreamResponse;
  try {
    res = shape === 'bare' ? await deps.client.send(bareRequest(query, signal)) : await withPageTokens(deps, query, signal);
  } catch (err) {
    if (err instanceof TokensRefused) shapes?.record(query.what, shape, 'refused', target);
    throw err;
  }
  // Only an answer that refuses how we asked counts against the shape; a broken endpoint is the strategy's business.
  const refused = refusesShape(res);
  try {
    const json = readGraphqlAnswer(res, query);
    shapes?.record(query.what, shape, 'ok', target);
    return json;
  } finally {
    if (refused) shapes?.record(query.what, shape, 'refused', target);
  }
}

/** Fresh page tokens refused too: the page-tokens shape's own refusal. */
class TokensRefused extends ExtractError {
  constructor(what: string) {
    super('changed', `${what}: fresh tokens refused too`);
  }
}

/** The `page-tokens` shape's answer: the page's tokens, fetched anew once when Instagram rejects them. */
async function withPageTokens(deps: { client: UpstreamClient; tokens: TokenStore }, query: GraphqlQuery, signal: AbortSignal): Promise<UpstreamResponse> {
  const send = (tokens: WebTokens) => {
    if (query.needsCsrf && !tokens.csrftoken) throw new ExtractError('unavailable', `${query.what}: Instagram granted no CSRF token`);
    // A session's query (the profile view's) goes with the session, as users/user-query.ts asks (client.ts wallsLiveSessions).
    return deps.client.send({ ...pageTokensRequest(query, tokens, signal), ...(query.session ? { session: true, wallsLiveSessions: true as const } : {}) });
  };
  let tokens = await deps.tokens.get(signal);
  let res = await send(tokens);
  if (isTokenRejection(res)) {
    deps.tokens.invalidate(tokens);
    tokens = await deps.tokens.get(signal);
    res = await send(tokens);
    if (isTokenRejection(res)) throw new TokensRefused(query.what);
  }
  return res;
}

/**
 * An answer that refuses the request's shape, not the query: "useragent mismatch", or the HTML login page where JSON
 * was asked (OGInstagram: "a modern-browser UA makes IG return an HTML login shell instead of JSON").
 */
function refusesShape(res: UpstreamResponse): boolean {
  const head = res.body.slice(0, 20_000);
  if (res.status === 400 && /"message"\s*:\s*"useragent mismatch"/.test(head)) return true;
  return /^\s*</.test(head) && /id="loginForm"|\/accounts\/login\/|<title>[^<]*Log ?in/i.test(head);
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
