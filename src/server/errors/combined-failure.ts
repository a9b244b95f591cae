/**
 * One answer for many failures: a batch none of whose posts could be looked up, a ZIP none of whose files opened.
 * One cause: that cause. Mixed causes: the one the visitor can do most about, never a bare 502 while another cause
 * is there (issue 38 point 6). Waiting comes first, as it may bring every post: when this instance's own limits
 * refused some, the answer is theirs (429 `rate_limited`, source instance), with the longest Retry-After of the
 * waits asked for; then a link to fix; then why a post is closed (private, login, age); then what is gone; the
 * upstream's failures last.
 */
import type { ErrorCode } from '../../shared/api.ts';
import { ApiError } from './api-error.ts';

/** Most actionable first; a code not listed ranks after these. */
const ACTIONABLE: readonly ErrorCode[] = [
  'rate_limited',
  'challenge_required',
  'invalid_url',
  'unsupported',
  'share_offsite',
  'bad_request',
  'unauthorized',
  'forbidden',
  'private',
  'login_required',
  'age_restricted',
  'expired',
  'not_found',
  'no_media',
  'payload_too_large',
  'upstream_unavailable',
  'upstream_changed',
  'internal',
];

const rank = (error: ApiError) => {
  const at = ACTIONABLE.indexOf(error.code);
  return at === -1 ? ACTIONABLE.length : at;
};

const retryAfterOf = (error: ApiError) => Number(error.headers?.['Retry-After'] ?? 0) || 0;

export function combinedFailure(errors: readonly ApiError[], everyMessage: string): ApiError {
  if (errors.length === 0) return new ApiError('upstream_unavailable', everyMessage);
  if (new Set(errors.map((e) => e.code)).size === 1 && new Set(errors.map((e) => e.source)).size === 1) return errors[0]!;
  const waits = errors.filter((e) => e.code === 'rate_limited');
  if (waits.some((e) => e.source === 'instance')) {
    const seconds = Math.max(1, ...waits.map(retryAfterOf));
    return new ApiError('rate_limited', `${everyMessage} This site's own limits held some back: try again in ${seconds} s.`, {
      headers: { 'Retry-After': String(seconds) },
      source: 'instance',
    });
  }
  return [...errors].sort((a, b) => rank(a) - rank(b))[0]!;
}
