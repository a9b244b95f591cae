/**
 * Who speaks to Instagram: one egress per proxy of IG_PROXY (or one direct), each with a browser-grade transport
 * (impit: Chrome's TLS and HTTP/2), a plain one (undici: share links and script bundles, which a plain client asks
 * for), its health and its request budget. Sessions are pinned to one egress each (a session that hops between
 * addresses is a ban signal); logged-out requests take turns over the healthy egresses, and an address Instagram
 * walls off for the logged out is set aside for them (not for the sessions pinned to it).
 */
import type { Redis } from 'ioredis';
import { MemoryBudgetStore, RedisBudgetStore } from './budget-store.ts';
import { EgressBudget } from './egress-budget.ts';
import { EgressHealth, type EgressFailure, type EgressHealthStatus } from './egress-health.ts';
import { MemoryAskLedger, RedisAskLedger } from './ask-ledger.ts';
import { ImpitTransport, loadImpit } from './impit-transport.ts';
import { SessionPool, type Session, type SessionPoolStatus } from './session-pool.ts';
import type { Transport, TransportKind } from './transport.ts';
import { UndiciTransport } from './undici-transport.ts';

export interface Egress {
  /** Budget and health key: the proxy URL (credentials included, never shown) or 'direct'. */
  readonly key: string;
  /** What logs, metrics and /readyz show: the proxy's host:port or 'direct'. */
  readonly label: string;
  readonly browser: Transport;
  readonly plain: Transport;
}

/** The health key of an egress's logged-out address: a wall there is per address (gallery-dl #1230), not per session. */
export const loggedOutKey = (egress: Egress) => `${egress.key}#logged-out`;

const TRANSPORT_FAILURES: ReadonlySet<EgressFailure> = new Set(['timeout', 'reset', 'connect', 'tls']);

export interface EgressPoolOptions {
  proxies: readonly string[];
  sessionIds: readonly string[];
  client: TransportKind;
  timeoutMs: number;
  insecureTls: boolean;
  perMinute: number;
  maxWaitMs: number;
  redis?: Redis;
  logger: { warn(obj: object, msg: string): void };
  onSessionExpired?: (info: { session: string; reason: string; left: number }) => void;
  /** How impit is loaded (a test stands in a platform where it cannot). */
  loadBrowserClient?: typeof loadImpit;
}

export interface EgressPoolStatus {
  /** The transport Instagram's pages and APIs go through, and why, when it is not the one asked for. */
  client: TransportKind;
  clientFallback?: string;
  sessions: SessionPoolStatus;
  /**
   * Each egress's health (its own and its logged-out address's), whether it is down (cooling or probed after
   * transport failures: no request starts on it), and the live sessions pinned to it (skipped while it is down).
   */
  egresses: (EgressHealthStatus & { egress: string; down: boolean; loggedOut: EgressHealthStatus; sessions: string[] })[];
  budgetPerMinute: number;
}

export class EgressPool {
  readonly egresses: Egress[];
  readonly sessions: SessionPool;
  readonly health = new EgressHealth();
  readonly budget: EgressBudget;
  readonly clientKind: TransportKind;
  readonly clientFallback?: string;
  private turn = 0;

  constructor(private readonly options: EgressPoolOptions) {
    const impit = options.client === 'impit' ? (options.loadBrowserClient ?? loadImpit)() : undefined;
    if (impit && 'error' in impit) {
      this.clientFallback = `impit cannot load here (${impit.error}): Instagram is asked with undici`;
      options.logger.warn({ reason: impit.error }, this.clientFallback);
    }
    this.clientKind = impit && 'Impit' in impit ? 'impit' : 'undici';
    const proxies = options.proxies.length > 0 ? options.proxies : [undefined];
    this.egresses = proxies.map((proxy) => {
      const transport = { timeoutMs: options.timeoutMs, insecureTls: options.insecureTls, ...(proxy ? { proxy } : {}) };
      const plain = new UndiciTransport(transport);
      return {
        key: proxy ?? 'direct',
        label: proxy ? new URL(proxy).host : 'direct',
        browser: impit && 'Impit' in impit ? new ImpitTransport(impit.Impit, transport) : plain,
        plain,
      };
    });
    this.sessions = new SessionPool(options.sessionIds, options.onSessionExpired);
    const memory = new MemoryBudgetStore({ perMinute: options.perMinute });
    const store = options.redis ? new RedisBudgetStore(options.redis, { perMinute: options.perMinute }, memory) : memory;
    const ledger = options.redis ? new RedisAskLedger(options.redis, new MemoryAskLedger()) : new MemoryAskLedger();
    this.budget = new EgressBudget(store, { perMinute: options.perMinute, maxWaitMs: options.maxWaitMs }, ledger);
  }

  /** The egress a session is pinned to. */
  forSession(session: Session): Egress {
    return this.egresses[session.index % this.egresses.length]!;
  }

  /** A proxy's transport failures count against it; the direct egress has nowhere else to go, so it never cools for them. */
  countsTransport(egress: Egress): boolean {
    return egress.key !== 'direct';
  }

  /** Whether a logged-out request may start on it now (neither it nor its logged-out address cooling or probed). */
  usableLoggedOut(egress: Egress): boolean {
    return this.health.usable(egress.key) && this.health.usable(loggedOutKey(egress));
  }

  /**
   * The egress (by key) a lookup holds its reservation on, when it is usable and `avoid` does not hold it: a lookup's
   * logged-out requests stay on one egress. Else the next usable egress in turn that `avoid` does not hold. When none is usable, the next one Instagram itself
   * cooled (a 429, a wall: a lookup must go somewhere, and one egress alone would otherwise refuse every lookup);
   * never one cooled by its transport (its requests would only time out or be refused): then undefined.
   */
  forAnonymous(avoid: ReadonlySet<Egress> = new Set(), preferred?: string): Egress | undefined {
    const held = preferred === undefined ? undefined : this.egresses.find((e) => e.key === preferred);
    if (held && !avoid.has(held) && this.usableLoggedOut(held)) return held;
    const n = this.egresses.length;
    for (let i = 0; i < n; i++) {
      const egress = this.egresses[(this.turn + i) % n]!;
      if (avoid.has(egress) || !this.usableLoggedOut(egress)) continue;
      this.turn = (this.turn + i + 1) % n;
      return egress;
    }
    for (let i = 0; i < n; i++) {
      const egress = this.egresses[(this.turn + i) % n]!;
      if (avoid.has(egress) || this.cooledByTransport(egress)) continue;
      this.turn = (this.turn + i + 1) % n;
      return egress;
    }
    return undefined;
  }

  private cooledByTransport(egress: Egress): boolean {
    const status = this.health.status(egress.key);
    return status.state !== 'healthy' && status.state !== 'suspect' && TRANSPORT_FAILURES.has(status.lastFailure?.reason ?? 'throttled');
  }

  status(): EgressPoolStatus {
    return {
      client: this.clientKind,
      ...(this.clientFallback ? { clientFallback: this.clientFallback } : {}),
      sessions: this.sessions.status(),
      egresses: this.egresses.map((e) => {
        const own = this.health.status(e.key);
        const loggedOut = this.health.status(loggedOutKey(e));
        return {
          egress: e.label,
          ...own,
          down: this.cooledByTransport(e),
          coolingMs: Math.max(own.coolingMs, loggedOut.coolingMs),
          loggedOut,
          sessions: this.sessions.pinnedTo((s) => this.forSession(s) === e),
        };
      }),
      budgetPerMinute: this.options.perMinute,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.egresses.flatMap((e) => (e.browser === e.plain ? [e.plain.close()] : [e.browser.close(), e.plain.close()])));
  }
}
