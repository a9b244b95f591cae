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
import { clientOfRequest, lookupOf } from '../meta/egress/lookup-client.ts';
import type { EgressFailure } from '../meta/egress/egress-health.ts';
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
export const SESSION_UNREACHABLE_MESSAGE = 'This needs a logged-in Instagram session, and none can be reached right now. Please try again in a few minutes.';

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
  /**
   * Send a live session of IG_SESSIONID as the sessionid cookie. Such a request never goes out logged out: with no
   * session whose egress can be used, it fails as login_required.
   */
  session?: boolean;
  /**
   * This path walls live sessions off on its own (2026: the profile feed redirects home while the session's other
   * calls answer, gallery-dl #9731): its wall is returned to the caller and does not set the session aside.
   */
  wallsLiveSessions?: true;
  /** This endpoint's 429 may be the target's rather than the address's (unverified): name it, and it cools the egress only beside another endpoint's 429. */
  unverified429?: string;
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

  /** A live session whose egress may be used now: a session-only request would really go out logged in. */
  get hasUsableSession(): boolean {
    return this.pool.sessions.usable((s) => !this.pool.health.usable(this.pool.forSession(s).key));
  }

  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    // Bounded: every session once, every other egress once.
    const limit = this.pool.sessions.size + this.pool.egresses.length;
    // The egresses that failed this request in transport, or walled it off logged out: it goes on through the others.
    const tried = new Set<Egress>();
    let lastFailure: unknown;
    for (let attempt = 0; attempt <= limit; attempt++) {
      // A session stays on its own egress (hopping is a ban signal): one whose egress cannot be used is skipped, and
      // the request goes on with the next session. A session's request never goes out logged out: it would only be
      // told to log in, which says nothing of its target.
      const session = req.session ? this.pool.sessions.next((s) => tried.has(this.pool.forSession(s)) || !this.pool.health.usable(this.pool.forSession(s).key)) : undefined;
      if (req.session && !session) throw noUsableSession(req, this.hasSession, lastFailure);
      const egress = session ? this.pool.forSession(session) : this.pool.forAnonymous(tried, lookupOf(req.signal)?.preferred(this.pool.budget));
      if (!egress) throw lastFailure ? asExtractFailure(lastFailure, req) : new ExtractError('unavailable', `${where(req)}: every egress is cooling down`);
      const chosenUsable = session ? true : this.pool.usableLoggedOut(egress);
      const endProbe = this.pool.health.begin(egress.key);
      const plain = req.ua === 'curl' || req.ua === 'bare' || req.origin === 'static';
      let res: UpstreamResponse;
      try {
        // The static origin is Instagram's CDN for script bundles, not Instagram: outside the budget.
        if (req.origin === 'web') await this.acquire(egress, req.signal);
        // It may have cooled while this request waited for its token: a request on a cooled egress is not started.
        if (chosenUsable && this.pool.health.cooling(egress.key)) {
          tried.add(egress);
          continue;
        }
        res = await this.sendWithRetry(plain ? egress.plain : egress.browser, req, session, egress);
      } catch (err) {
        if (err instanceof TransportError && !req.signal?.aborted && COUNTED.has(err.reason) && this.pool.countsTransport(egress)) {
          // Its own failure, not the lookup's deadline: the request goes on through the next egress (or session).
          lastFailure = err;
          tried.add(egress);
          continue;
        }
        throw asExtractFailure(err, req);
      } finally {
        endProbe();
      }
      if (res.status === 429) {
        // web_profile_info's 429 may be the profile's, not the address's (unverified): it cools only beside another's.
        if (req.unverified429) this.pool.health.throttledMaybeTarget(egress.key, req.unverified429);
        else this.pool.health.coolDown(egress.key, 'throttled');
        countEgress(egress.label, 'throttled');
      }
      else if (res.status < 500) this.pool.health.ok(egress.key);
      this.keepClaim(res, session, egress);
      if (req.origin === 'web') this.jars.keep(this.identity(session, egress), res.headers['set-cookie']);
      const wall = session ? sessionWall(res) : redirectWall(res);
      // A logged-out wall stands before one address (gallery-dl #1230, 12–24 h): that egress is set aside for the
      // logged out, and the request goes out again through the next one.
      if (!session && wall && req.origin === 'web' && this.pool.egresses.length > 1) {
        this.pool.health.coolDown(loggedOutKey(egress), 'wall');
        if (attempt < limit) {
          tried.add(egress);
          continue;
        }
      }
      if (session && wall && !req.wallsLiveSessions) {
        this.pool.sessions.expire(session, wall);
        // The same request again with the next live session.
        if (attempt < limit) continue;
      }
      if (!session && !wall) this.pool.health.ok(loggedOutKey(egress));
      return res;
    }
    throw lastFailure ? asExtractFailure(lastFailure, req) : new ExtractError('unavailable', `${where(req)}: no egress left to try`);
  }

  /**
   * A token of the egress's budget: from the lookup's reservation (reserved with its first request); the lookup's
   * waits together last at most IG_EGRESS_MAX_WAIT_MS.
   */
  private async acquire(egress: Egress, signal: AbortSignal | undefined): Promise<void> {
    const lookup = lookupOf(signal);
    const allowance = lookup?.allowance;
    const started = Date.now();
    try {
      await this.pool.budget.acquire(egress.key, egress.label, clientOfRequest(signal), allowance ? anyOf(signal, allowance.signal()) : signal, lookup);
    } finally {
      allowance?.spent(Date.now() - started);
    }
  }

  private async sendWithRetry(transport: Transport, req: UpstreamRequest, session: Session | undefined, egress: Egress): Promise<UpstreamResponse> {
    try {
      const first = await this.attempt(transport, req, session, egress);
      if (first.status < 500) return first;
    } catch (err) {
      // Not on an egress that cooled with it: the request goes on through the next one.
      if (!(err instanceof TransportError) || err.reason !== 'reset' || req.signal?.aborted || this.pool.health.cooling(egress.key)) throw err;
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
    const started = Date.now();
    try {
      return await this.sendOnce(transport, req, session, egress, origin, body, signal);
    } catch (err) {
      // A proxy's own failure (not the lookup's deadline) is a strike against it; two in a row cool it.
      if (err instanceof TransportError && COUNTED.has(err.reason) && !req.signal?.aborted) {
        countEgress(egress.label, FAILURE_EVENT[err.reason as CountedFailure]);
        if (this.pool.countsTransport(egress)) this.pool.health.failed(egress.key, err.reason as EgressFailure, err.message.slice(0, 120), started);
      }
      throw err;
    }
  }

  private sendOnce(transport: Transport, req: UpstreamRequest, session: Session | undefined, egress: Egress, origin: string, body: string | undefined, signal: AbortSignal): Promise<UpstreamResponse> {
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

type CountedFailure = 'timeout' | 'reset' | 'connect' | 'tls';
/** The transport failures that are the egress's: a connect or first-byte timeout, a refused or reset connection, TLS. */
const COUNTED: ReadonlySet<string> = new Set<CountedFailure>(['timeout', 'reset', 'connect', 'tls']);
const FAILURE_EVENT = { timeout: 'timeout', reset: 'reset', connect: 'connect_failure', tls: 'tls_failure' } as const;

const where = (req: UpstreamRequest) => `${req.origin} ${req.path.split('?')[0]}`;

/** A session's request with no session to send it with: it needs one, and says so (never "not found"). */
function noUsableSession(req: UpstreamRequest, anyLive: boolean, lastFailure: unknown): ExtractError {
  return anyLive
    ? new ExtractError('login_required', `${where(req)}: no session whose egress can be used now`, { userMessage: SESSION_UNREACHABLE_MESSAGE, ...(lastFailure ? { cause: lastFailure } : {}) })
    : new ExtractError('login_required', `${where(req)}: no live IG_SESSIONID`);
}

function anyOf(a: AbortSignal | undefined, b: AbortSignal): AbortSignal {
  return a ? AbortSignal.any([a, b]) : b;
}

function asExtractFailure(err: unknown, req: UpstreamRequest): ExtractError {
  if (err instanceof ExtractError) return err;
  const at = where(req);
  if (err instanceof TransportError) {
    if (err.reason === 'timeout') return new ExtractError('timeout', `${at} timed out`, { cause: err });
    if (err.reason === 'too_large') return new ExtractError('changed', `${at}: ${err.message}`, { cause: err });
    return new ExtractError('unavailable', `${at} failed: ${err.message}`, { cause: err });
  }
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new ExtractError('timeout', `${at} timed out`, { cause: err });
  return new ExtractError('unavailable', `${at} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}
