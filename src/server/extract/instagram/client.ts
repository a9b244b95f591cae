/**
 * The one way we talk to Instagram: undici with the header sets of PROTOCOL "Headers", an optional
 * outbound proxy (IG_PROXY) for all upstream traffic, a timeout per request and one retry only on a
 * connection reset or a 5xx. Redirects are never followed: a redirect is itself a signal (login wall, share link).
 */
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { ExtractError } from '../failure.ts';

export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const APP_UA =
  'Instagram 275.0.0.27.98 Android (33/13; 420dpi; 1080x2400; samsung; SM-G991B; o1s; exynos2100; en_US; 458229237)';
export const CURL_UA = 'curl/8.5.0';
const ASBD_ID = '129477';
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export type UserAgentKind = 'browser' | 'app' | 'curl';

export interface UpstreamRequest {
  /** static: Instagram's script bundles (doc-id discovery), never anything else. */
  origin: 'web' | 'api' | 'static';
  method?: 'GET' | 'POST';
  /** Path and query, e.g. `/api/v1/media/1/info/`. */
  path: string;
  /** Default: browser on the web origin, app on the api origin. */
  ua?: UserAgentKind;
  /** Send the XHR header set (X-IG-App-ID, X-ASBD-ID…); off for page navigations and share links. */
  xhr?: boolean;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Send IG_SESSIONID as the sessionid cookie, when configured. */
  session?: boolean;
  /** The caller's overall deadline. */
  signal?: AbortSignal;
  /** Refuse an answer larger than this (default MAX_BODY_BYTES). */
  maxBytes?: number;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface UpstreamClientOptions {
  webOrigin: string;
  apiOrigin: string;
  staticOrigin?: string;
  appId: string;
  sessionId?: string;
  proxy?: string;
  requestTimeoutMs: number;
}

export class UpstreamClient {
  readonly options: UpstreamClientOptions;
  private readonly dispatcher: Dispatcher;

  constructor(options: UpstreamClientOptions) {
    this.options = options;
    const timeouts = { connectTimeout: options.requestTimeoutMs, headersTimeout: options.requestTimeoutMs, bodyTimeout: options.requestTimeoutMs };
    this.dispatcher = options.proxy ? new ProxyAgent({ uri: options.proxy, ...timeouts }) : new Agent({ ...timeouts, connections: 32 });
  }

  get hasSession(): boolean {
    return Boolean(this.options.sessionId);
  }

  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    try {
      const first = await this.attempt(req);
      if (first.status < 500) return first;
    } catch (err) {
      if (!isConnectionReset(err) || req.signal?.aborted) throw classifyNetworkError(err, req);
    }
    // One retry only: a reset connection or a 5xx is often a single bad node.
    try {
      return await this.attempt(req);
    } catch (err) {
      throw classifyNetworkError(err, req);
    }
  }

  private async attempt(req: UpstreamRequest): Promise<UpstreamResponse> {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const origin = req.origin === 'web' ? this.options.webOrigin : req.origin === 'api' ? this.options.apiOrigin : this.options.staticOrigin;
    if (!origin) throw new ExtractError('unavailable', 'no static origin configured');
    const body = req.form ? new URLSearchParams(req.form).toString() : undefined;
    const response = await request(origin + req.path, {
      method: req.method ?? (body ? 'POST' : 'GET'),
      headers: this.headersFor(req, body !== undefined),
      body,
      signal,
      dispatcher: this.dispatcher,
    });
    return { status: response.statusCode, headers: response.headers, body: await readLimited(response.body, req.maxBytes) };
  }

  private headersFor(req: UpstreamRequest, hasForm: boolean): Record<string, string> {
    const ua = req.ua ?? (req.origin === 'api' ? 'app' : 'browser');
    const headers: Record<string, string> = {
      'user-agent': ua === 'browser' ? BROWSER_UA : ua === 'app' ? APP_UA : CURL_UA,
      accept: ua === 'curl' ? '*/*' : 'application/json, text/html;q=0.9, */*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
    };
    if (req.xhr !== false && ua !== 'curl' && req.origin !== 'static') {
      Object.assign(headers, {
        'x-ig-app-id': this.options.appId,
        'x-asbd-id': ASBD_ID,
        'x-ig-www-claim': '0',
        'x-requested-with': 'XMLHttpRequest',
        origin: 'https://www.instagram.com',
        referer: 'https://www.instagram.com/',
        'sec-fetch-site': 'same-origin',
      });
    }
    if (hasForm) headers['content-type'] = 'application/x-www-form-urlencoded';
    const cookies = { ...req.cookies, ...(req.session && this.options.sessionId ? { sessionid: this.options.sessionId } : {}) };
    const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    return { ...headers, ...req.headers };
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

/** The whole body as text, refused (and the connection dropped) past MAX_BODY_BYTES. */
export async function readLimited(body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown }, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new ExtractError('changed', `upstream answer larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

function isConnectionReset(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

function classifyNetworkError(err: unknown, req: UpstreamRequest): ExtractError {
  if (err instanceof ExtractError) return err;
  const name = (err as { name?: string })?.name;
  const code = errorCode(err);
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_ABORTED') {
    return new ExtractError('timeout', `${req.origin} ${req.path.split('?')[0]} timed out`, { cause: err });
  }
  return new ExtractError('unavailable', `${req.origin} ${req.path.split('?')[0]} failed: ${code ?? (err as Error)?.message}`, { cause: err });
}
