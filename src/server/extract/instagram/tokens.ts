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
    this.pending ??= this.fetch(signal).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Instagram refused the tokens: the next get() fetches new ones. */
  invalidate(tokens?: WebTokens): void {
    if (!tokens || this.cached?.tokens === tokens) this.cached = undefined;
  }

  private async fetch(signal?: AbortSignal): Promise<WebTokens> {
    const res = await this.client.send({
      origin: 'web',
      path: '/',
      xhr: false,
      headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      signal,
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
