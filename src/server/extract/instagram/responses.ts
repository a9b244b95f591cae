/** Upstream answers → JSON or a classified failure (PROTOCOL "Failure signals"). */
import { ExtractError } from '../failure.ts';
import type { UpstreamResponse } from './client.ts';
import { isLoginWall } from './login-wall.ts';

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
  // Throttling in words: the anonymous limit, and the spam guard's "Try Again Later" (gallery-dl #7202).
  if (/please wait a few minutes|rate limit|too many requests|feedback_required|try again later/i.test(message)) {
    return new ExtractError('rate_limited', `${what}: ${message}`);
  }
  // web_profile_info of a live business account (cobalt #1579): the endpoint is broken, the user is not gone.
  if (/^Asset .* has been deleted/i.test(message)) return new ExtractError('changed', `${what}: ${message}`);
  if (/not authorized to view user|private/i.test(message)) return new ExtractError('private', `${what}: ${message}`);
  if (/useragent mismatch/i.test(message)) return new ExtractError('changed', `${what}: ${message}`);
  if (/login_required|checkpoint_required|challenge_required|login required/i.test(message)) {
    return new ExtractError('login_required', `${what}: ${message}`);
  }
  if (/not found|does not exist|media_not_found|unavailable|deleted/i.test(message)) return new ExtractError('not_found', `${what}: ${message}`, { weak: true });
  return undefined;
}

/** A failure for a non-2xx answer, by status and body; undefined for a 2xx. */
export function classifyStatus(res: UpstreamResponse, what: string): ExtractError | undefined {
  const { status } = res;
  if (status >= 200 && status < 300) return undefined;
  if (status >= 300 && status < 400) {
    const location = header(res, 'location') ?? '';
    if (isLoginWall(location)) return new ExtractError('login_required', `${what}: redirected to the login wall (${location.slice(0, 120)})`);
    return new ExtractError('changed', `${what}: unexpected redirect ${status} to ${location.slice(0, 200)}`);
  }
  if (status === 429) return new ExtractError('rate_limited', `${what}: 429`, { retryAfterSeconds: retryAfterSeconds(res) });
  if (status >= 500) return new ExtractError('unavailable', `${what}: ${status}`);
  const json = tryJson(res.body) as { message?: unknown; require_login?: unknown; spam?: unknown } | undefined;
  // A 401 "Please wait a few minutes" carries require_login too: it is throttling, so the message is read first.
  if (typeof json?.message === 'string') {
    const classified = classifyMessage(json.message, `${what} ${status}`);
    if (classified) return classified.kind === 'rate_limited' ? withRetryAfter(classified, res) : classified;
  }
  if (json?.spam === true) return withRetryAfter(new ExtractError('rate_limited', `${what}: ${status} spam`), res);
  if (json?.require_login === true || status === 401) return new ExtractError('login_required', `${what}: ${status} require_login`);
  if (status === 404) return new ExtractError('not_found', `${what}: 404`, { weak: true });
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
  const throttle = throttleInBody(body, what);
  if (throttle) throw throttle;
  if (body.require_login === true) throw new ExtractError('login_required', `${what}: require_login`);
  if (body.status === 'fail') {
    const message = typeof body.message === 'string' ? body.message : 'status fail';
    throw classifyMessage(message, what) ?? new ExtractError('changed', `${what}: ${message}`);
  }
  return body;
}

/**
 * A GraphQL error that says the viewer is logged out (yt-dlp PR #17081): a login wall, never a stale document.
 * Undefined when the body says nothing of the kind.
 */
export function loggedOutInBody(body: Record<string, unknown>, what: string): ExtractError | undefined {
  if (!Array.isArray(body.errors)) return undefined;
  for (const entry of body.errors as { message?: unknown; description?: unknown }[]) {
    const words = `${String(entry?.message ?? '')} ${String(entry?.description ?? '')}`;
    if (/logged[ _-]?out/i.test(words)) return new ExtractError('login_required', `${what}: GraphQL error ${words.trim()}`);
  }
  return undefined;
}

/**
 * GraphQL's sporadic failure on posts that exist, since 2026-09-04: HTTP 200 `{data: null, errors: [{message:
 * "execution error", code: 4630001, description: "Media not found or unavailable"}]}` (instaloader #2738, as issue
 * 36 quotes it; the thread is not in the search index read 2026-11-27). Neither a stale document nor a missing post.
 */
const SPORADIC_CODES = new Set([4630001]);

export function sporadicInBody(body: Record<string, unknown>, what: string): ExtractError | undefined {
  if (!Array.isArray(body.errors)) return undefined;
  const entry = (body.errors as { code?: unknown; message?: unknown }[]).find((e) => typeof e?.code === 'number' && SPORADIC_CODES.has(e.code));
  return entry ? new ExtractError('unavailable', `${what}: GraphQL error ${String(entry.code)} ${String(entry.message ?? '')}`.trim(), { sporadic: true }) : undefined;
}

/** GraphQL's throttling codes, sent with HTTP 200: 1675004 "Rate limit exceeded". */
const THROTTLE_CODES = new Set([1675004]);

/**
 * Throttling hidden in a 200 answer: a GraphQL `errors` entry with a throttling code or words, or the spam
 * guard's `feedback_required`. Undefined when the body is not a throttle.
 */
export function throttleInBody(body: Record<string, unknown>, what: string): ExtractError | undefined {
  if (body.spam === true || body.message === 'feedback_required') {
    return new ExtractError('rate_limited', `${what}: ${String(body.feedback_title ?? body.message ?? 'spam')}`);
  }
  if (!Array.isArray(body.errors)) return undefined;
  for (const entry of body.errors as { code?: unknown; message?: unknown; summary?: unknown }[]) {
    const words = `${String(entry?.message ?? '')} ${String(entry?.summary ?? '')}`;
    if ((typeof entry?.code === 'number' && THROTTLE_CODES.has(entry.code)) || /rate limit|too many requests|try again later/i.test(words)) {
      return new ExtractError('rate_limited', `${what}: GraphQL error ${String(entry?.code ?? '')} ${words.trim()}`);
    }
  }
  return undefined;
}

function withRetryAfter(failure: ExtractError, res: UpstreamResponse): ExtractError {
  const seconds = retryAfterSeconds(res);
  return seconds === undefined ? failure : new ExtractError('rate_limited', failure.message, { retryAfterSeconds: seconds });
}
