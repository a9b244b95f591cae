/**
 * The web tokens GraphQL needs (PROTOCOL "Headers"): `lsd` from the HTML of the web origin's `/`
 * and `csrftoken` from its Set-Cookie. Cached for minutes, fetched once for concurrent callers,
 * and dropped when Instagram rejects them so the next call fetches fresh ones.
 */
import { ExtractError } from '../failure.ts';
import type { UpstreamClient } from './client.ts';
import { classifyStatus } from './responses.ts';

export interface WebTokens {
  lsd: string;
  csrftoken: string;
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
    this.pending ??= this.fetch().finally(() => {
      this.pending = undefined;
    });
    return signal ? untilAborted(this.pending, signal) : this.pending;
  }

  /** Instagram refused the tokens: the next get() fetches new ones. */
  invalidate(tokens?: WebTokens): void {
    if (!tokens || this.cached?.tokens === tokens) this.cached = undefined;
  }

  private async fetch(): Promise<WebTokens> {
    const res = await this.client.send({
      origin: 'web',
      path: '/',
      xhr: false,
      headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    const failure = classifyStatus(res, 'tokens');
    if (failure) throw failure;
    const lsd = parseLsd(res.body);
    const csrftoken = parseCsrfCookie(res.headers['set-cookie']);
    if (!lsd || !csrftoken) throw new ExtractError('changed', `tokens: ${lsd ? '' : 'no LSD in the page '}${csrftoken ? '' : 'no csrftoken cookie'}`.trim());
    const tokens = { lsd, csrftoken };
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
