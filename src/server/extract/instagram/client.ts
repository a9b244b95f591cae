/**
 * The one way we talk to Instagram: undici with the header sets of PROTOCOL "Headers", an optional
 * outbound proxy (IG_PROXY) for all upstream traffic, a timeout per request and one retry only on a
 * connection reset or a 5xx. Redirects are never followed: a redirect is itself a signal (login wall, share link).
 * Everything goes to the web origin with the web app id and a browser user agent: the pair Instagram expects
 * (yt-dlp's 2026 default; its mobile REST paths answer there as /api/v1/…). The `X-IG-WWW-Claim` Instagram sets
 * is sent back from then on, and a session Instagram walls off is reported once (session-state.ts).
 */
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { ExtractError } from '../failure.ts';
import { isLoginWall } from './responses.ts';
import { SessionState } from './session-state.ts';

export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const CURL_UA = 'curl/8.5.0';
/** yt-dlp's 2026 value (PROTOCOL lists 129477, 198387, 359341). */
const ASBD_ID = '359341';
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export type UserAgentKind = 'browser' | 'curl';

export interface UpstreamRequest {
  /** static: Instagram's script bundles (doc-id discovery), never anything else. */
  origin: 'web' | 'static';
  method?: 'GET' | 'POST';
  /** Path and query, e.g. `/api/v1/media/1/info/`. */
  path: string;
  /** Default: browser. */
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
  staticOrigin?: string;
  appId: string;
  sessionId?: string;
  proxy?: string;
  requestTimeoutMs: number;
}

export class UpstreamClient {
  readonly options: UpstreamClientOptions;
  private readonly dispatcher: Dispatcher;
  /** The X-IG-WWW-Claim to send, per identity (logged out, session): '0' until Instagram sets one. */
  private readonly claims = { anonymous: '0', session: '0' };
  readonly session: SessionState;

  constructor(options: UpstreamClientOptions, onSessionExpired?: (info: { session: string; reason: string }) => void) {
    this.options = options;
    this.session = new SessionState(options.sessionId, onSessionExpired);
    const timeouts = { connectTimeout: options.requestTimeoutMs, headersTimeout: options.requestTimeoutMs, bodyTimeout: options.requestTimeoutMs };
    this.dispatcher = options.proxy ? new ProxyAgent({ uri: options.proxy, ...timeouts }) : new Agent({ ...timeouts, connections: 32 });
  }

  /** A session is configured and Instagram has not walled it off. */
  get hasSession(): boolean {
    return this.session.live;
  }

  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    const res = await this.sendOnce(req);
    this.observe(req, res);
    return res;
  }

  private async sendOnce(req: UpstreamRequest): Promise<UpstreamResponse> {
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

  /** What an answer tells about our identity: a new www-claim, or a session sent to the login wall. */
  private observe(req: UpstreamRequest, res: UpstreamResponse): void {
    const sent = this.sendsSession(req);
    const claim = res.headers['x-ig-set-www-claim'];
    const value = Array.isArray(claim) ? claim[0] : claim;
    if (value) this.claims[sent ? 'session' : 'anonymous'] = value;
    if (!sent) return;
    const location = res.headers.location;
    const target = Array.isArray(location) ? location[0] : location;
    if (res.status >= 300 && res.status < 400 && target && isLoginWall(target)) this.session.expire(`redirected to ${new URL(target, 'https://www.instagram.com').pathname}`);
    else if (res.status === 401 || res.status === 403 || res.status === 400) {
      if (/"(?:message|error_type)"\s*:\s*"(?:login_required|checkpoint_required|challenge_required)"/.test(res.body.slice(0, 2000))) this.session.expire('answered login_required/checkpoint');
    }
  }

  private sendsSession(req: UpstreamRequest): boolean {
    return Boolean(req.session && this.session.live);
  }

  private async attempt(req: UpstreamRequest): Promise<UpstreamResponse> {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const origin = req.origin === 'web' ? this.options.webOrigin : this.options.staticOrigin;
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
    const ua = req.ua ?? 'browser';
    const session = this.sendsSession(req);
    const headers: Record<string, string> = {
      'user-agent': ua === 'browser' ? BROWSER_UA : CURL_UA,
      accept: ua === 'curl' ? '*/*' : 'application/json, text/html;q=0.9, */*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
    };
    if (req.xhr !== false && ua !== 'curl' && req.origin !== 'static') {
      Object.assign(headers, {
        'x-ig-app-id': this.options.appId,
        'x-asbd-id': ASBD_ID,
        'x-ig-www-claim': this.claims[session ? 'session' : 'anonymous'],
        'x-requested-with': 'XMLHttpRequest',
        origin: 'https://www.instagram.com',
        referer: 'https://www.instagram.com/',
        'sec-fetch-site': 'same-origin',
      });
    }
    if (hasForm) headers['content-type'] = 'application/x-www-form-urlencoded';
    const cookies = { ...req.cookies, ...(session ? { sessionid: this.options.sessionId! } : {}) };
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
