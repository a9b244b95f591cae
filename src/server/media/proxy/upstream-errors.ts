/**
 * Upstream failures → the API's error codes. The CDN's 403 "URL signature expired" means the link aged
 * out (410 expired); 404 is gone (404 not_found); timeouts are 504; every other failure is 502.
 * Refusals by the allow-list are 400 for the token's own URL and 502 when the CDN redirected there.
 */
import { ApiError } from '../../errors/api-error.ts';
import { MediaUrlRefused } from './allow-list.ts';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** The client went away; nothing can be answered. */
export class ClientGone extends Error {
  override readonly name = 'ClientGone';
}

export function refusedError(err: MediaUrlRefused, hop: number): ApiError {
  return hop === 0
    ? new ApiError('bad_request', 'This media address is not allowed.', { cause: err })
    : new ApiError('upstream_unavailable', 'The media server redirected to an address that is not allowed.', { cause: err });
}

function findRefusal(err: unknown): MediaUrlRefused | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof MediaUrlRefused) return e;
  }
  return undefined;
}

/** A thrown undici/socket error → ApiError (or ClientGone when our own abort caused it). */
export function classifyUpstreamError(err: unknown, hop: number, signal?: AbortSignal): ApiError | ClientGone {
  if (signal?.aborted) return new ClientGone('client closed the connection', { cause: err });
  if (err instanceof ApiError) return err;
  const refusal = findRefusal(err);
  if (refusal) return refusedError(refusal, hop);
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new ApiError('upstream_unavailable', 'The media server took too long to answer.', { status: 504, cause: err });
  }
  return new ApiError('upstream_unavailable', 'The media server could not be reached.', { cause: err });
}

/** A non-success upstream status (body text read, at most a little) → ApiError. */
export function classifyUpstreamStatus(status: number, bodyText: string, contentRange?: string): ApiError {
  if (status === 403 && /signature expired/i.test(bodyText)) {
    return new ApiError('expired', 'This download link has expired. Fetch the post again.');
  }
  if (status === 404 || status === 410) return new ApiError('not_found', 'This media file no longer exists.');
  if (status === 416) {
    return new ApiError('bad_request', 'The requested range is not satisfiable.', {
      status: 416,
      ...(contentRange ? { headers: { 'Content-Range': contentRange } } : {}),
    });
  }
  return new ApiError('upstream_unavailable', `The media server answered ${status}.`);
}
