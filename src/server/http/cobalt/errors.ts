/**
 * Our failures in cobalt's words (cobalt's docs/api.md, api/src/core/api.js and api/src/security/api-keys.js, read
 * 2026-11-26): `{ status: "error", error: { code: "error.api.…", context? } }`, HTTP 400, or 429 with `context.limit`
 * (the window in seconds) and draft-6 `RateLimit-*` headers when this instance asks the client to wait.
 */
import type { ErrorCode } from '../../../shared/api.ts';
import { ApiError } from '../../errors/api-error.ts';

export interface CobaltError {
  status: 400 | 429;
  body: { status: 'error'; error: { code: string; context?: { service?: string; limit?: number } } };
  headers: Record<string, string>;
}

export interface CobaltErrorContext {
  /** The request's Authorization header: says which of cobalt's key errors an `unauthorized` is. */
  authorization?: string;
  /** The route's rate limit: `context.limit` and the `RateLimit-*` headers of a 429. */
  limit: { max: number; windowSeconds: number };
  /** Headers the rate limiter (http/rate-limit.ts) set on a refusal (x-ratelimit-*, retry-after), read back for the draft-6 names. */
  sentHeader?: (name: string) => string | undefined;
  /**
   * No anonymous allowance here (API_AUTH_REQUIRED, or CHALLENGE_FREE_PER_MIN=0): waiting never helps a keyless
   * client, so the gate's challenge_required is cobalt's auth code, not rate_exceeded.
   */
  keyRequired?: boolean;
  /** The service of the asked link (services.ts): the `context.service` of the errors that name one. Default instagram. */
  service?: string;
}

const API_KEY = /^Api-Key [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The Api-Key scheme, with a key or bare (cobalt's `split(' ', 2)`: a bare `Api-Key` is an invalid key, not none). */
const API_KEY_SCHEME = /^api-key( |$)/i;

/** `named`: cobalt's answer names the service (`context.service`), as its link.unsupported and fetch.fail do. */
const BY_CODE: Partial<Record<ErrorCode, { code: string; named?: true }>> = {
  invalid_url: { code: 'link.invalid' },
  unsupported: { code: 'link.unsupported', named: true },
  share_offsite: { code: 'link.unsupported', named: true },
  bad_request: { code: 'invalid_body' },
  payload_too_large: { code: 'invalid_body' },
  unsupported_media_type: { code: 'header.content_type' },
  not_found: { code: 'content.post.unavailable' },
  no_media: { code: 'content.post.unavailable' },
  private: { code: 'content.post.private' },
  age_restricted: { code: 'content.post.age' },
  restricted: { code: 'content.region' },
  login_required: { code: 'fetch.empty' },
  upstream_changed: { code: 'fetch.fail', named: true },
  upstream_unavailable: { code: 'fetch.fail', named: true },
  expired: { code: 'fetch.fail', named: true },
  internal: { code: 'generic' },
};

/**
 * cobalt's reason for a refused key (its validateAuthorization, api/src/security/api-keys.js at a636575, read
 * 2026-11-27): no header is `missing`, another scheme (a Bearer token) `not_api_key`, and the header's shape tells
 * a malformed key from one this instance does not know.
 */
function keyProblem(authorization: string | undefined): string {
  if (!authorization) return 'missing';
  if (!API_KEY_SCHEME.test(authorization)) return 'not_api_key';
  return API_KEY.test(authorization) ? 'not_found' : 'invalid';
}

function plain(code: string, context?: { service?: string; limit?: number }): CobaltError {
  return { status: 400, body: { status: 'error', error: { code: `error.api.${code}`, ...(context ? { context } : {}) } }, headers: {} };
}

/** Every limit that refuses a lookup here counts per minute (the route's, the egress budget, the anonymous allowance): `context.limit` is that window. */
function rateExceeded(error: ApiError, { limit, sentHeader }: CobaltErrorContext): CobaltError {
  const retryAfter = error.headers?.['Retry-After'] ?? sentHeader?.('retry-after') ?? String(limit.windowSeconds);
  const max = sentHeader?.('x-ratelimit-limit') ?? String(limit.max);
  return {
    status: 429,
    body: { status: 'error', error: { code: 'error.api.rate_exceeded', context: { limit: limit.windowSeconds } } },
    headers: {
      'Retry-After': retryAfter,
      'RateLimit-Policy': `${max};w=${limit.windowSeconds}`,
      'RateLimit-Limit': max,
      'RateLimit-Remaining': '0',
      // When the refusal says when to come back (the egress queue, the gate), that is when its limit resets.
      'RateLimit-Reset': error.headers?.['Retry-After'] ?? sentHeader?.('x-ratelimit-reset') ?? retryAfter,
    },
  };
}

/** An ApiError (ours, the access gate's, the rate limiter's) as cobalt's error answer. */
export function toCobaltError(error: ApiError, context: CobaltErrorContext): CobaltError {
  switch (error.code) {
    case 'rate_limited':
      // Instagram or Threads throttled this instance: cobalt says the instance was rate limited by the service.
      return error.source === 'instagram' || error.source === 'threads' ? plain('fetch.rate', { service: error.source }) : rateExceeded(error, context);
    case 'challenge_required':
      // The proof of work is for our own pages; a cobalt client past the anonymous allowance is told to wait, and
      // one that has none is told what cobalt tells it without a key (its api.js answers 400 auth.key.*).
      return context.keyRequired ? plain(`auth.key.${keyProblem(context.authorization)}`) : rateExceeded(error, context);
    case 'unauthorized':
      return plain(`auth.key.${keyProblem(context.authorization)}`);
    case 'forbidden':
      return plain(/agent/i.test(error.message) ? 'auth.key.ua_not_allowed' : 'auth.key.ip_not_allowed');
    default: {
      const known = BY_CODE[error.code];
      return known ? plain(known.code, known.named ? { service: context.service ?? 'instagram' } : undefined) : plain('generic');
    }
  }
}

/** Anything thrown on cobalt's routes: our ApiErrors mapped, Fastify's body errors are cobalt's invalid_body. */
export function cobaltErrorOf(err: unknown, context: CobaltErrorContext): CobaltError | undefined {
  if (err instanceof ApiError) return toCobaltError(err, context);
  const fastify = err as { code?: string; statusCode?: number };
  if (fastify.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return plain('header.content_type');
  if (fastify.statusCode === 429) return rateExceeded(new ApiError('rate_limited', 'Rate limit exceeded.'), context);
  if (err instanceof SyntaxError || fastify.code?.startsWith('FST_ERR_CTP_') || (fastify.statusCode !== undefined && fastify.statusCode >= 400 && fastify.statusCode < 500)) {
    return plain('invalid_body');
  }
  return undefined;
}

/** cobalt's answer to a failure nothing above knows: its generic error (still a 400, never a 5xx). */
export const GENERIC_ERROR = plain('generic');
export { plain as cobaltError };
