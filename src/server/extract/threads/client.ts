/**
 * The one way we talk to Threads: through Instagram's egresses (the same browser-grade transport and proxies,
 * extract/meta/egress), with a request budget of Threads' own per egress (THREADS_EGRESS_PER_MIN) and a cookie jar
 * per egress. Instagram's sessions are never sent here: Threads is asked logged out. Redirects are not followed
 * (the page strategy follows one to the post's own page itself); a 429 cools the egress down for Threads.
 */
import type { Redis } from 'ioredis';
import { ExtractError } from '../failure.ts';
import { MemoryAskLedger, RedisAskLedger } from '../meta/egress/ask-ledger.ts';
import { MemoryBudgetStore, RedisBudgetStore } from '../meta/egress/budget-store.ts';
import { CookieJars } from '../meta/egress/cookie-jar.ts';
import { EgressBudget } from '../meta/egress/egress-budget.ts';
import type { Egress, EgressPool } from '../meta/egress/egress-pool.ts';
import { clientOfRequest, lookupOf } from '../meta/egress/lookup-client.ts';
import { TransportError } from '../meta/egress/transport.ts';

/** The user agent impit's Chrome fingerprint stands for (undici sends it as is). */
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36';
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface ThreadsRequest {
  /** web: THREADS_WEB_ORIGIN; static: the script bundles' origin (doc-id discovery only). */
  origin: 'web' | 'static';
  path: string;
  /** A browser's navigation to a page (Threads answers its gating shell to anything else, cobalt PR #1558). */
  navigation?: boolean;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  signal?: AbortSignal;
  maxBytes?: number;
}

export interface ThreadsResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ThreadsClientOptions {
  webOrigin: string;
  staticOrigin: string;
  requestTimeoutMs: number;
  perMinute: number;
  maxWaitMs: number;
  redis?: Redis;
}

export class ThreadsClient {
  private readonly budget: EgressBudget;
  private readonly jars = new CookieJars();
  /** Requests sent since start (tests and the bench count a lookup's cost with it). */
  sent = 0;

  constructor(
    private readonly pool: EgressPool,
    readonly options: ThreadsClientOptions,
  ) {
    const shape = { perMinute: options.perMinute };
    const memory = new MemoryBudgetStore(shape);
    const store = options.redis ? new RedisBudgetStore(options.redis, shape, memory) : memory;
    const ledger = options.redis ? new RedisAskLedger(options.redis, new MemoryAskLedger()) : new MemoryAskLedger();
    this.budget = new EgressBudget(store, { perMinute: options.perMinute, maxWaitMs: options.maxWaitMs }, ledger);
  }

  /** The health key of an egress for Threads: its throttling is Threads', not Instagram's. */
  private healthKey(egress: Egress): string {
    return `${egress.key}#threads`;
  }

  private pick(): Egress {
    const healthy = this.pool.egresses.find((e) => !this.pool.health.cooling(e.key) && !this.pool.health.cooling(this.healthKey(e)));
    return healthy ?? this.pool.egresses[0]!;
  }

  async send(req: ThreadsRequest): Promise<ThreadsResponse> {
    const egress = this.pick();
    if (req.origin === 'web') await this.acquire(egress, req.signal);
    const origin = req.origin === 'web' ? this.options.webOrigin : this.options.staticOrigin;
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const body = req.form ? new URLSearchParams(req.form).toString() : undefined;
    const identity = `threads:${egress.key}`;
    const headers: Record<string, string> = {
      'user-agent': BROWSER_UA,
      accept: req.navigation ? 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' : '*/*',
      'accept-language': 'en-US,en;q=0.9',
      ...(req.navigation
        ? { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-user': '?1', 'upgrade-insecure-requests': '1' }
        : {}),
      ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...req.headers,
    };
    const jar = req.origin === 'web' ? this.jars.of(identity) : {};
    const cookie = Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    this.sent++;
    let res: ThreadsResponse;
    try {
      const transport = req.origin === 'static' ? egress.plain : egress.browser;
      res = await transport.send({ url: origin + req.path, method: body !== undefined ? 'POST' : 'GET', headers, ...(body !== undefined ? { body } : {}), signal, maxBytes: req.maxBytes ?? MAX_BODY_BYTES, browser: true });
    } catch (err) {
      throw asFailure(err, req);
    }
    if (req.origin === 'web') {
      this.jars.keep(identity, res.headers['set-cookie']);
      if (res.status === 429) this.pool.health.coolDown(this.healthKey(egress));
      else if (res.status < 500) this.pool.health.ok(this.healthKey(egress));
    }
    return res;
  }

  /** The cookies Threads set for the egress the next request goes through. */
  cookies(): Record<string, string> {
    return this.jars.of(`threads:${this.pick().key}`);
  }

  /** A token of Threads' budget, from the lookup's reservation (a Threads post reserves 3 with its first request). */
  private async acquire(egress: Egress, signal: AbortSignal | undefined): Promise<void> {
    const lookup = lookupOf(signal);
    const allowance = lookup?.allowance;
    const started = Date.now();
    const waits = allowance ? (signal ? AbortSignal.any([signal, allowance.signal()]) : allowance.signal()) : signal;
    try {
      await this.budget.acquire(`threads:${egress.key}`, egress.label, clientOfRequest(signal), waits, lookup);
    } finally {
      allowance?.spent(Date.now() - started);
    }
  }
}

function asFailure(err: unknown, req: ThreadsRequest): ExtractError {
  if (err instanceof ExtractError) return err;
  const where = `threads ${req.origin} ${req.path.split('?')[0]}`;
  if (err instanceof TransportError && err.reason === 'timeout') return new ExtractError('timeout', `${where} timed out`, { cause: err });
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new ExtractError('timeout', `${where} timed out`, { cause: err });
  return new ExtractError('unavailable', `${where} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}
