/**
 * Calls POST /api/v1/resolve and classifies every outcome: a Resolution, an API error (code and status),
 * or a network failure. Nothing here throws; the caller maps failures to messages (error-messages.ts).
 */
import { ERROR_STATUS, type ErrorCode, type ErrorSource, type Resolution } from '../../shared/api.ts';
import type { ToolId } from '../../shared/tools.ts';
import { lookupFetch } from './challenge/lookup-fetch.ts';

export const RESOLVE_ENDPOINT = '/api/v1/resolve';

export interface ResolveRequestBody {
  url: string;
  tool?: ToolId;
}

export type ResolveFailure =
  /** The request never got an HTTP answer (offline, DNS, connection reset, aborted). */
  | { kind: 'network' }
  /** An HTTP answer that is not a Resolution; `code` when the body is our error shape. */
  | {
      kind: 'http';
      status: number;
      code?: ErrorCode;
      /** From a 429's Retry-After (seconds). */
      retryAfterSeconds?: number;
      /** Who refused: Instagram, or this instance's own limits (a rate limit says which). */
      source?: ErrorSource;
      /** 'threads' when the link was a Threads one: a text-only thread and a Threads profile have their own words. */
      service?: 'threads';
    }
  /** A 200 whose body is not a Resolution with at least one item. */
  | { kind: 'malformed'; status: number };

export type ResolveOutcome = { ok: true; resolution: Resolution; status: number; ms: number } | { ok: false; failure: ResolveFailure; ms: number };

export async function resolveLink(body: ResolveRequestBody, fetchImpl: typeof fetch = lookupFetch): Promise<ResolveOutcome> {
  const started = Date.now();
  const ms = () => Date.now() - started;
  let response: Response;
  try {
    response = await fetchImpl(RESOLVE_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body.tool ? { url: body.url, tool: body.tool } : { url: body.url }),
    });
  } catch {
    // fetch rejects only when no HTTP answer arrived: that is the spec's "Network Error".
    return { ok: false, failure: { kind: 'network' }, ms: ms() };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    const source = errorSourceOf(json);
    const failure: ResolveFailure = {
      kind: 'http',
      status: response.status,
      code: errorCodeOf(json),
      ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
      ...(source ? { source } : {}),
      ...(errorServiceOf(json) ? { service: 'threads' as const } : {}),
    };
    return { ok: false, failure, ms: ms() };
  }
  if (!isResolution(json)) return { ok: false, failure: { kind: 'malformed', status: response.status }, ms: ms() };
  return { ok: true, resolution: json, status: response.status, ms: ms() };
}

/** Retry-After in seconds (a number of seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,6}$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function errorCodeOf(body: unknown): ErrorCode | undefined {
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  return typeof code === 'string' && code in ERROR_STATUS ? (code as ErrorCode) : undefined;
}

export function errorServiceOf(body: unknown): 'threads' | undefined {
  return (body as { error?: { service?: unknown } } | undefined)?.error?.service === 'threads' ? 'threads' : undefined;
}

export function errorSourceOf(body: unknown): ErrorSource | undefined {
  const source = (body as { error?: { source?: unknown } } | undefined)?.error?.source;
  return source === 'instagram' || source === 'threads' || source === 'instance' ? source : undefined;
}

/** Enough of a shape check that the results can render without guarding every field. */
export function isResolution(body: unknown): body is Resolution {
  const r = body as Partial<Resolution> | undefined;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.kind === 'string' &&
    typeof r.author === 'object' &&
    r.author !== null &&
    Array.isArray(r.items) &&
    r.items.length > 0 &&
    r.items.every((item) => typeof item?.mediaUrl === 'string' && typeof item.downloadUrl === 'string' && (item.type === 'image' || item.type === 'video'))
  );
}
