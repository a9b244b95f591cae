/**
 * The web tokens GraphQL needs (PROTOCOL "Headers"): `lsd` from the HTML of the web origin's `/`, and `csrftoken`
 * from its Set-Cookie, else from the page's `"csrf_token":"…"` (some 2026 pages set no cookie), else none: the
 * queries that need no token go on without one (as yt-dlp does). Cached for minutes, fetched once for concurrent
 * callers, and dropped when Instagram rejects them so the next call fetches fresh ones.
 */
import { ExtractError } from '../failure.ts';
import { detached } from '../meta/egress/lookup-client.ts';
import type { UpstreamClient } from './client.ts';
import { classifyStatus } from './responses.ts';

export interface WebTokens {
  lsd: string;
  /** Absent when Instagram granted none, neither as a cookie nor in the page. */
  csrftoken?: string;
}

export const TOKEN_TTL_MS = 10 * 60 * 1000;

export function parseLsd(html: string): string | undefined {
  const direct = /\["LSD",\[\],\{"token":"([^"]+)"/.exec(html)?.[1];
  if (direct) return direct;
  const eqmc = /<script[^>]*id="__eqmc"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!eqmc) return undefined;
  const l = /"l"\s*:\s*"([^"]+)"/.exec(eqmc)?.[1];
  return l;
}

export function parseCsrfCookie(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of cookies) {
    const match = /^\s*csrftoken=([^;]*)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** The token the page itself carries, `"csrf_token":"…"`, for pages that set no cookie. */
export function parseCsrfInPage(html: string): string | undefined {
  return /"csrf_token"\s*:\s*"([A-Za-z0-9_-]{8,128})"/.exec(html)?.[1];
}

export class TokenStore {
  private cached?: { tokens: WebTokens; expires: number };
  private pending?: Promise<WebTokens>;

  constructor(
    private readonly client: UpstreamClient,
    private readonly ttlMs = TOKEN_TTL_MS,
  ) {}

  async get(signal?: AbortSignal): Promise<WebTokens> {
    if (this.cached && this.cached.expires > Date.now()) return this.cached.tokens;
    // One fetch serves every caller waiting for tokens, so no single caller's deadline may cancel it
    // (the client's per-request timeout bounds it); each caller stops waiting at its own deadline.
    this.pending ??= this.fetch(detached(signal)).finally(() => {
      this.pending = undefined;
    });
    return signal ? untilAborted(this.pending, signal) : this.pending;
  }

  /** Instagram refused the tokens: the next get() fetches new ones. */
  invalidate(tokens?: WebTokens): void {
    if (!tokens || this.cached?.tokens === tokens) this.cached = undefined;
  }

  /** `lookup`: never aborts; it carries the lookup that asked first (its client, its reservation). */
  private async fetch(lookup: AbortSignal | undefined): Promise<WebTokens> {
    const res = await this.client.send({
      origin: 'web',
      path: '/',
      xhr: false,
      headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      ...(lookup ? { signal: lookup } : {}),
    });
    const failure = classifyStatus(res, 'tokens');
    if (failure) throw failure;
    const lsd = parseLsd(res.body);
    if (!lsd) throw new ExtractError('changed', 'tokens: no LSD in the page');
    const csrftoken = parseCsrfCookie(res.headers['set-cookie']) ?? parseCsrfInPage(res.body);
    const tokens: WebTokens = csrftoken ? { lsd, csrftoken } : { lsd };
    this.cached = { tokens, expires: Date.now() + this.ttlMs };
    return tokens;
  }
}

/** The shared promise, or a timeout failure as soon as this caller's signal aborts. */
function untilAborted<T>(shared: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ExtractError('timeout', 'tokens: the deadline passed while waiting'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ExtractError('timeout', 'tokens: the deadline passed while waiting'));
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
