/**
 * The one way we talk to Instagram. Headers per PROTOCOL "Headers"; a timeout per request and one retry only on a
 * connection reset or a 5xx; redirects never followed (a redirect is itself a signal: login wall, share link).
 * Everything goes to the web origin with the web app id and a browser's request (yt-dlp's 2026 default: its REST
 * paths answer there as /api/v1/…), through the egress pool (egress/): a browser-grade client over each proxy,
 * sessions pinned to one proxy each and set aside when Instagram walls them off, a request budget per egress.
 * The `X-IG-WWW-Claim` Instagram sets is sent back from then on, per identity.
 */
import { countEgress } from '../../metrics.ts';
import { ExtractError } from '../failure.ts';
import { EgressPool, loggedOutKey, type Egress, type EgressPoolOptions } from '../meta/egress/egress-pool.ts';
import { CookieJars } from '../meta/egress/cookie-jar.ts';
import { currentClient, waitAllowance } from '../meta/egress/lookup-client.ts';
import type { Session } from '../meta/egress/session-pool.ts';
import { TransportError, type Transport } from '../meta/egress/transport.ts';
import { redirectWall, sessionWall } from './login-wall.ts';

export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36';
export const CURL_UA = 'curl/8.5.0';
/** The bare user agent InstaFix-Revived and OGInstagram send their logged-out queries with (request-shapes/). */
export const BARE_UA = 'Mozilla/5.0';
/** yt-dlp's 2026 value (PROTOCOL lists 129477, 198387, 359341). */
const ASBD_ID = '359341';
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export type UserAgentKind = 'browser' | 'curl' | 'bare';

export interface UpstreamRequest {
  /** static: Instagram's script bundles (doc-id discovery), never anything else. */
  origin: 'web' | 'static';
  method?: 'GET' | 'POST';
  /** Path and query, e.g. `/api/v1/media/1/info/`. */
  path: string;
  /** Default: browser. A plain client (curl) goes through undici: a curl user agent with Node's TLS is consistent. */
  ua?: UserAgentKind;
  /** Send the XHR header set (X-IG-App-ID, X-ASBD-ID…); off for page navigations and share links. */
  xhr?: boolean;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Send none of the cookies Instagram set before (the bare request shape carries none). */
  noJar?: true;
  /** Send a live session of IG_SESSIONID as the sessionid cookie, when there is one. */
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
  requestTimeoutMs: number;
  /** Proxies, sessions, transport and budget (defaults: direct, no session, undici, a budget no test meets). */
  egress?: Partial<Omit<EgressPoolOptions, 'timeoutMs'>>;
}

export class UpstreamClient {
  readonly options: UpstreamClientOptions;
  readonly pool: EgressPool;
  /** The X-IG-WWW-Claim to send, per identity (a session, or an egress logged out): '0' until Instagram sets one. */
  private readonly claims = new Map<string, string>();
  /** The cookies Instagram set, per identity, sent back with every request as a browser's jar would. */
  private readonly jars = new CookieJars();

  constructor(options: UpstreamClientOptions) {
    this.options = options;
    const egress = options.egress ?? {};
    this.pool = new EgressPool({
      proxies: egress.proxies ?? [],
      sessionIds: egress.sessionIds ?? [],
      client: egress.client ?? 'undici',
      insecureTls: egress.insecureTls ?? false,
      perMinute: egress.perMinute ?? 1_000_000,
      maxWaitMs: egress.maxWaitMs ?? 3000,
      logger: egress.logger ?? { warn: () => undefined },
      timeoutMs: options.requestTimeoutMs,
      ...(egress.redis ? { redis: egress.redis } : {}),
      ...(egress.onSessionExpired ? { onSessionExpired: egress.onSessionExpired } : {}),
    });
  }

  /** Some session of IG_SESSIONID is still live. */
  get hasSession(): boolean {
    return this.pool.sessions.anyLive;
  }

  /** A live session whose egress is not cooling down: a session-only request would really go out logged in. */
  get hasUsableSession(): boolean {
    return this.pool.sessions.usable((s) => this.pool.health.cooling(this.pool.forSession(s).key));
  }

  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    // Bounded: every session once, every other egress once.
    const limit = this.pool.sessions.size + this.pool.egresses.length;
    let avoid: Egress | undefined;
    for (let attempt = 0; ; attempt++) {
      // A session whose proxy is cooling down is skipped: the next session, or logged out.
      const session = req.session ? this.pool.sessions.next((s) => this.pool.health.cooling(this.pool.forSession(s).key)) : undefined;
      const egress = session ? this.pool.forSession(session) : this.pool.forAnonymous(avoid);
      const plain = req.ua === 'curl' || req.ua === 'bare' || req.origin === 'static';
      // The static origin is Instagram's CDN for script bundles, not Instagram: outside the budget.
      if (req.origin === 'web') await this.acquire(egress, req.signal);
      let res: UpstreamResponse;
      try {
        res = await this.sendWithRetry(plain ? egress.plain : egress.browser, req, session, egress);
      } catch (err) {
        if (err instanceof TransportError && err.reason === 'connect') {
          this.pool.health.coolDown(egress.key);
          countEgress(egress.label, 'connect_failure');
          // A logged-out request tries the next proxy; a session stays on its own (hopping is a ban signal), and the
          // request goes on with the next session whose proxy is healthy, or logged out.
          if ((session || this.pool.egresses.length > 1) && attempt < limit) {
            avoid = egress;
            continue;
          }
        }
        throw asExtractFailure(err, req);
      }
      if (res.status === 429) {
        this.pool.health.coolDown(egress.key);
        countEgress(egress.label, 'throttled');
      }
      else if (res.status < 500) this.pool.health.ok(egress.key);
      this.keepClaim(res, session, egress);
      if (req.origin === 'web') this.jars.keep(this.identity(session, egress), res.headers['set-cookie']);
      const wall = session ? sessionWall(res) : redirectWall(res);
      // A logged-out wall stands before one address (gallery-dl #1230, 12–24 h): that egress is set aside for the
      // logged out, and the request goes out again through the next one.
      if (!session && wall && req.origin === 'web' && this.pool.egresses.length > 1) {
        this.pool.health.coolDown(loggedOutKey(egress));
        if (attempt < limit) {
          avoid = egress;
          continue;
        }
      }
      if (session && wall) {
        this.pool.sessions.expire(session, wall);
        // The same request again with the next live session, or logged out.
        if (attempt < limit) continue;
      }
      return res;
    }
  }

  /** A token of the egress's budget; the lookup's waits together last at most IG_EGRESS_MAX_WAIT_MS. */
  private async acquire(egress: Egress, signal: AbortSignal | undefined): Promise<void> {
    const allowance = waitAllowance();
    const started = Date.now();
    try {
      await this.pool.budget.acquire(egress.key, egress.label, currentClient(), allowance ? anyOf(signal, allowance.signal()) : signal);
    } finally {
      allowance?.spent(Date.now() - started);
    }
  }

  private async sendWithRetry(transport: Transport, req: UpstreamRequest, session: Session | undefined, egress: Egress): Promise<UpstreamResponse> {
    try {
      const first = await this.attempt(transport, req, session, egress);
      if (first.status < 500) return first;
    } catch (err) {
      if (!(err instanceof TransportError) || err.reason !== 'reset' || req.signal?.aborted) throw err;
    }
    // One retry only: a reset connection or a 5xx is often a single bad node.
    return this.attempt(transport, req, session, egress);
  }

  private async attempt(transport: Transport, req: UpstreamRequest, session: Session | undefined, egress: Egress): Promise<UpstreamResponse> {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const origin = req.origin === 'web' ? this.options.webOrigin : this.options.staticOrigin;
    if (!origin) throw new ExtractError('unavailable', 'no static origin configured');
    const body = req.form ? new URLSearchParams(req.form).toString() : undefined;
    return transport.send({
      url: origin + req.path,
      method: req.method ?? (body ? 'POST' : 'GET'),
      headers: this.headersFor(req, body !== undefined, session, egress),
      ...(body !== undefined ? { body } : {}),
      signal,
      maxBytes: req.maxBytes ?? MAX_BODY_BYTES,
      browser: (req.ua ?? 'browser') === 'browser',
    });
  }

  private identity(session: Session | undefined, egress: Egress): string {
    return session ? `session:${session.hash}` : `anonymous:${egress.key}`;
  }

  private keepClaim(res: UpstreamResponse, session: Session | undefined, egress: Egress): void {
    const claim = res.headers['x-ig-set-www-claim'];
    const value = Array.isArray(claim) ? claim[0] : claim;
    if (value) this.claims.set(this.identity(session, egress), value);
  }

  private headersFor(req: UpstreamRequest, hasForm: boolean, session: Session | undefined, egress: Egress): Record<string, string> {
    const ua = req.ua ?? 'browser';
    const headers: Record<string, string> = {
      'user-agent': ua === 'browser' ? BROWSER_UA : ua === 'bare' ? BARE_UA : CURL_UA,
      accept: ua === 'browser' ? 'application/json, text/html;q=0.9, */*;q=0.8' : '*/*',
      'accept-language': 'en-US,en;q=0.9',
    };
    if (req.xhr !== false && ua !== 'curl' && req.origin !== 'static') {
      Object.assign(headers, {
        'x-ig-app-id': this.options.appId,
        'x-asbd-id': ASBD_ID,
        'x-ig-www-claim': this.claims.get(this.identity(session, egress)) ?? '0',
        'x-requested-with': 'XMLHttpRequest',
        origin: 'https://www.instagram.com',
        referer: 'https://www.instagram.com/',
        'sec-fetch-site': 'same-origin',
      });
    }
    if (hasForm) headers['content-type'] = 'application/x-www-form-urlencoded';
    const jar = req.origin === 'web' && !req.noJar ? this.jars.of(this.identity(session, egress)) : {};
    const cookies = { ...jar, ...req.cookies, ...(session ? { sessionid: session.id } : {}) };
    const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    return { ...headers, ...req.headers };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

function anyOf(a: AbortSignal | undefined, b: AbortSignal): AbortSignal {
  return a ? AbortSignal.any([a, b]) : b;
}

function asExtractFailure(err: unknown, req: UpstreamRequest): ExtractError {
  if (err instanceof ExtractError) return err;
  const where = `${req.origin} ${req.path.split('?')[0]}`;
  if (err instanceof TransportError) {
    if (err.reason === 'timeout') return new ExtractError('timeout', `${where} timed out`, { cause: err });
    if (err.reason === 'too_large') return new ExtractError('changed', `${where}: ${err.message}`, { cause: err });
    return new ExtractError('unavailable', `${where} failed: ${err.message}`, { cause: err });
  }
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new ExtractError('timeout', `${where} timed out`, { cause: err });
  return new ExtractError('unavailable', `${where} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}
