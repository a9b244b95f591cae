/** Upstream answers → JSON or a classified failure (PROTOCOL "Failure signals"). */
import { ExtractError } from '../failure.ts';
import type { UpstreamResponse } from './client.ts';

function header(res: UpstreamResponse, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function retryAfterSeconds(res: UpstreamResponse): number | undefined {
  const value = Number(header(res, 'retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/** Classify an upstream JSON message such as `{"message":"…","status":"fail"}`. */
export function classifyMessage(message: string, what: string): ExtractError | undefined {
  if (/please wait a few minutes|rate limit|too many requests/i.test(message)) return new ExtractError('rate_limited', `${what}: ${message}`);
  if (/not authorized to view user|private/i.test(message)) return new ExtractError('private', `${what}: ${message}`);
  if (/useragent mismatch/i.test(message)) return new ExtractError('changed', `${what}: ${message}`);
  if (/login_required|checkpoint_required|challenge_required|login required/i.test(message)) {
    return new ExtractError('login_required', `${what}: ${message}`);
  }
  if (/not found|does not exist|media_not_found|unavailable|deleted/i.test(message)) return new ExtractError('not_found', `${what}: ${message}`);
  return undefined;
}

/** A failure for a non-2xx answer, by status and body; undefined for a 2xx. */
export function classifyStatus(res: UpstreamResponse, what: string): ExtractError | undefined {
  const { status } = res;
  if (status >= 200 && status < 300) return undefined;
  if (status >= 300 && status < 400) {
    const location = header(res, 'location') ?? '';
    if (/\/accounts\/login|\/challenge/.test(location)) return new ExtractError('login_required', `${what}: redirected to the login wall`);
    return new ExtractError('changed', `${what}: unexpected redirect ${status} to ${location.slice(0, 200)}`);
  }
  if (status === 429) return new ExtractError('rate_limited', `${what}: 429`, { retryAfterSeconds: retryAfterSeconds(res) });
  if (status >= 500) return new ExtractError('unavailable', `${what}: ${status}`);
  const json = tryJson(res.body) as { message?: unknown; require_login?: unknown } | undefined;
  if (json?.require_login === true || status === 401) return new ExtractError('login_required', `${what}: ${status} require_login`);
  if (typeof json?.message === 'string') {
    const classified = classifyMessage(json.message, `${what} ${status}`);
    if (classified) return classified;
  }
  if (status === 404) return new ExtractError('not_found', `${what}: 404`);
  return new ExtractError('changed', `${what}: unexpected ${status}`);
}

export function tryJson(body: string): unknown {
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch (err) {
    // Not JSON after all: the caller reports the shape change.
    if (err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** The JSON body of a successful answer, or the classified failure. */
export function readJson(res: UpstreamResponse, what: string): Record<string, unknown> {
  const failure = classifyStatus(res, what);
  if (failure) throw failure;
  const json = tryJson(res.body);
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new ExtractError('changed', `${what}: expected JSON, got ${res.body.trimStart().slice(0, 40).replace(/\s+/g, ' ')}`);
  }
  const body = json as Record<string, unknown>;
  if (body.require_login === true) throw new ExtractError('login_required', `${what}: require_login`);
  if (body.status === 'fail') {
    const message = typeof body.message === 'string' ? body.message : 'status fail';
    throw classifyMessage(message, what) ?? new ExtractError('changed', `${what}: ${message}`);
  }
  return body;
}
