/**
 * link → RawResolution: cache, single-flight and share links here; the chain of strategies (chain.ts), the
 * failure the visitor sees when all fail (verdict.ts) and the chain's self-healing (healing.ts) in files of their own.
 */
import { linkKey, serviceOf, type ParsedLink } from '../../shared/link.ts';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { countCacheLookup, countSessionExpired } from '../metrics.ts';
import { createFlightLock, type FlightLock } from '../store/redis-lock.ts';
import { createResolutionCache, type ResolutionCache } from '../store/resolution-cache.ts';
import { LookupChain, type DirectLink } from './chain.ts';
import { ExtractError } from './failure.ts';
import { cdnExpiry } from './cdn-expiry.ts';
import { Healing } from './healing.ts';
import { StrategyHealth, type StrategyStatus } from './health.ts';
import { UpstreamClient } from './instagram/client.ts';
import { DocIdHealer } from './instagram/discovery/doc-id-healer.ts';
import { DocIdBook, type DocIdEntry, type DocIdOperation } from './instagram/doc-ids.ts';
import { POST_STRATEGIES } from './instagram/post-strategies.ts';
import type { EgressPoolStatus } from './meta/egress/egress-pool.ts';
import { asClient, withLookup } from './meta/egress/lookup-client.ts';
import { resolveShareLink } from './instagram/share-link.ts';
import type { InstagramDeps, PostTarget } from './instagram/strategy.ts';
import { TokenStore } from './instagram/tokens.ts';
import { RequestShapes } from './instagram/request-shapes/shape-health.ts';
import type { RequestShapeName } from './instagram/request-shapes/shapes.ts';
import type { UserQueries } from './instagram/users/user-query.ts';
import type { RawResolution } from './raw.ts';
import { ProviderHttp } from './thirdparty/provider-http.ts';
import { LiveProbes } from './live-probes.ts';
import { keepUsableMedia } from './usable-media.ts';
import { ThreadsClient } from './threads/client.ts';
import { ThreadsDocIds } from './threads/doc-ids.ts';
import { lookUpThread } from './threads/lookup.ts';
import { VerdictMemory } from './verdict-memory.ts';

export interface ResolverLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface ResolverTimeouts {
  /** One upstream request. */
  requestMs: number;
  /** The whole resolution, every strategy included. */
  deadlineMs: number;
  /** How long a demoted strategy waits at the end of the chain before it is tried in its place again. */
  healthProbeMs: number;
}

export const THREADS_PROFILE_MESSAGE = 'Threads profiles are not supported yet. Paste a link to a thread with a photo or video.';

export const DEFAULT_TIMEOUTS: ResolverTimeouts = { requestMs: 8000, deadlineMs: 25_000, healthProbeMs: 60_000 };
/** Cached well inside the CDN URLs' own expiry (days): they stay valid long after the entry is gone. */
export const CACHE_TTL_MS = 10 * 60 * 1000;
const MIN_URL_LIFETIME_MS = 60 * 60 * 1000;
const SHARE_TARGET_TTL_MS = 60 * 60 * 1000;

export interface ResolverOptions {
  config: Config;
  logger: ResolverLogger;
  cache?: ResolutionCache<RawResolution>;
  /** The app's shared Redis client; without it a Redis cache connects on its own when config.redisUrl is set. */
  redis?: Redis;
  timeouts?: Partial<ResolverTimeouts>;
  /** The sizes of a looked-up post's files (media/file-sizes.ts), cached with it; none without. */
  measureSizes?: (raw: RawResolution) => Promise<Record<string, number>>;
}

export class Resolver {
  private readonly config: Config;
  private readonly logger: ResolverLogger;
  private readonly timeouts: ResolverTimeouts;
  private readonly measureSizes?: (raw: RawResolution) => Promise<Record<string, number>>;
  readonly cache: ResolutionCache<RawResolution>;
  /** Instagram, through the egress pool and sessions: the profile view (http/users/routes.ts) asks it too. */
  readonly client: UpstreamClient;
  private readonly deps: InstagramDeps;
  private readonly autolink?: ProviderHttp;
  private readonly storyInfo?: ProviderHttp;
  private readonly chain: LookupChain;
  /** Threads, through the same egresses with a budget of its own (issue 40). */
  readonly threads: ThreadsClient;
  readonly threadsDocIds: ThreadsDocIds;
  private readonly healing: Healing;
  private readonly inFlight = new Map<string, Promise<RawResolution>>();
  /** Single-flight across instances (a Redis lock); per-process single-flight is `inFlight`. */
  private readonly flights: FlightLock;
  private readonly shareInFlight = new Map<string, Promise<PostTarget>>();
  private readonly shareTargets = new Map<string, { target: PostTarget; expires: number }>();
  /** The GraphQL doc ids in use, and what replaces one Instagram refused. */
  readonly docIds: DocIdBook;
  /** Per-strategy outcomes; orders the chain. */
  readonly health: StrategyHealth;
  /** Per GraphQL query, how each request shape is doing (instagram/request-shapes/). */
  readonly shapes: RequestShapes;
  /** The profile view's GraphQL queries (users/user-query.ts): the lookups' deps, healed like the post strategies'. */
  readonly userQueries: UserQueries;
  /** What `npm run check-live` asks Instagram outside the chain. */
  readonly probes: LiveProbes;
  /** Posts found deleted, private or age-gated in the last 10 minutes, by post id. */
  private readonly verdicts: VerdictMemory;

  constructor(options: ResolverOptions) {
    this.config = options.config;
    this.logger = options.logger;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    if (options.measureSizes) this.measureSizes = options.measureSizes;
    this.cache = options.cache ?? createResolutionCache<RawResolution>({ redis: options.redis, redisUrl: options.config.redisUrl, logger: options.logger });
    this.verdicts = new VerdictMemory({ redis: options.redis, redisUrl: options.config.redisUrl, logger: options.logger });
    this.flights = createFlightLock(options.redis, options.logger, { lockMs: this.timeouts.deadlineMs + 5000, waitMs: this.timeouts.deadlineMs });
    const ig = options.config.instagram;
    this.client = new UpstreamClient({
      webOrigin: ig.webOrigin,
      appId: ig.appId,
      staticOrigin: ig.staticOrigin,
      requestTimeoutMs: this.timeouts.requestMs,
      egress: {
        proxies: ig.proxies,
        sessionIds: ig.sessionIds,
        client: ig.client,
        insecureTls: ig.insecureTls,
        perMinute: ig.egress.perMinute,
        maxWaitMs: ig.egress.maxWaitMs,
        logger: options.logger,
        ...(options.redis ? { redis: options.redis } : {}),
        onSessionExpired: (expired) => {
          countSessionExpired();
          this.logger.warn(expired, 'Instagram session expired: Instagram walled it off; set aside (lookups go on with the next session, or logged out)');
        },
      },
    });
    const th = options.config.threads;
    this.threads = new ThreadsClient(this.client.pool, {
      webOrigin: th.webOrigin,
      staticOrigin: ig.staticOrigin,
      requestTimeoutMs: this.timeouts.requestMs,
      perMinute: th.egress.perMinute,
      maxWaitMs: ig.egress.maxWaitMs,
      ...(options.redis ? { redis: options.redis } : {}),
    });
    this.threadsDocIds = new ThreadsDocIds(th.docId, th.docIdConfigured, options.redis);
    this.health = new StrategyHealth(50, 3, this.timeouts.healthProbeMs);
    this.docIds = new DocIdBook(ig, options.redis, options.logger);
    const healer = new DocIdHealer({ book: this.docIds, client: this.client, redis: options.redis, logger: options.logger });
    this.healing = new Healing(this.docIds, healer, this.health);
    this.shapes = new RequestShapes(this.timeouts.healthProbeMs);
    this.deps = { client: this.client, tokens: new TokenStore(this.client), docIds: this.docIds.ids, shapes: this.shapes };
    this.userQueries = { deps: this.deps, heal: (op, failedId, pagePath, signal) => healer.heal(op, failedId, pagePath, signal) };
    this.probes = new LiveProbes(this.deps, this.healing, this.timeouts.deadlineMs, { client: this.threads, docIds: this.threadsDocIds });
    const { autolink, storyInfo } = options.config.providers;
    if (autolink) this.autolink = new ProviderHttp('autolink', autolink, this.timeouts.requestMs);
    if (storyInfo) this.storyInfo = new ProviderHttp('story-info', storyInfo, this.timeouts.requestMs);
    this.chain = new LookupChain({
      config: this.config,
      logger: this.logger,
      client: this.client,
      deps: this.deps,
      healing: this.healing,
      userQueries: this.userQueries,
      ...(this.autolink ? { autolink: this.autolink } : {}),
      ...(this.storyInfo ? { storyInfo: this.storyInfo } : {}),
    });
  }

  /**
   * Resolve a parsed link; throws ExtractError. Concurrent calls for one target share one fetch. A hit is
   * answered before the single flight: most lookups are hits, and the flight's promises and map entries were
   * pure cost on them.
   */
  async resolve(input: ParsedLink, client?: string): Promise<RawResolution> {
    const now = this.cachedNow(input);
    if (now) return now;
    return this.resolveMiss(input, client);
  }

  /** `client`: whom the lookup is for (its deadline carries it): the egress budget queues requests fairly across clients. */
  private async resolveMiss(input: ParsedLink, client: string | undefined): Promise<RawResolution> {
    if (input.kind === 'threads-profile') throw new ExtractError('unsupported', 'a Threads profile', { userMessage: THREADS_PROFILE_MESSAGE });
    const link: DirectLink = input.kind === 'share' ? await this.shareTarget(input, client) : input;
    const key = linkKey(link);
    const cached = await this.cache.get(key);
    if (cached) return this.hit(key, cached);
    return singleFlight(this.inFlight, key, async () => {
      // Another request may have filled the cache while this one waited for its first lookup.
      const filled = await this.cache.get(key);
      if (filled) return this.hit(key, filled);
      countCacheLookup('miss');
      const post = 'shortcode' in link ? link.shortcode : undefined;
      const service = serviceOf(link);
      const known = post ? await this.verdicts.recall(post, service) : undefined;
      if (known) throw known;
      return this.flights.run(key, () => this.cache.get(key), async () => {
        const deadline = asClient(AbortSignal.timeout(this.timeouts.deadlineMs), client);
        // One lookup to the egress budget: its kind's maximum reserved with its first request (a Threads post 3, the rest 4).
        const kind = link.kind === 'thread' ? 'thread' : 'post';
        const found = await withLookup(kind, this.config.instagram.egress.maxWaitMs, deadline, () => this.lookUp(link, key, deadline)).catch(async (err: unknown) => {
          if (post && err instanceof ExtractError) await this.verdicts.remember(post, err, service);
          throw err;
        });
        const raw = keepUsableMedia(found);
        if (raw.items.length === 0) throw new ExtractError('no_media', `${key}: no items`);
        if (this.measureSizes) raw.sizes = await this.measureSizes(raw);
        await this.cache.set(key, raw, cacheTtlMs(raw));
        return raw;
      });
    });
  }

  /** Threads' posts go their own way (threads/lookup.ts); the rest through Instagram's chain. */
  private lookUp(link: DirectLink, key: string, deadline: AbortSignal): Promise<RawResolution> {
    if (link.kind !== 'thread') return this.chain.run(link, key, deadline);
    const target = { shortcode: link.shortcode, ...(link.username ? { username: link.username } : {}) };
    return lookUpThread(this.threads, this.threadsDocIds, target, (name, run) => this.chain.step(name, key, run, deadline));
  }

  /**
   * The answer this process holds in memory for a link, without waiting, or undefined (then `resolve`). The hot
   * path of a popular post: no promise, no await between the request and its cached answer.
   */
  cachedNow(input: ParsedLink): RawResolution | undefined {
    if (!this.cache.peek) return undefined;
    const link = input.kind === 'share' ? this.knownShareTarget(input.shareId) : input;
    if (!link) return undefined;
    const key = linkKey(link);
    const cached = this.cache.peek(key);
    return cached && this.hit(key, cached);
  }

  private hit(key: string, cached: RawResolution): RawResolution {
    countCacheLookup('hit');
    // Debug: at info a hit is the request's one line (http/request-log.ts), and the hits are counted in the metrics.
    this.logger.debug?.({ target: key, cache: 'hit' }, 'resolve cache hit');
    return cached;
  }

  private async shareTarget(link: Extract<ParsedLink, { kind: 'share' }>, client: string | undefined): Promise<DirectLink> {
    const known = this.knownShareTarget(link.shareId);
    if (known) return known;
    const target = await singleFlight(this.shareInFlight, link.shareId, async () => {
      const found = await this.chain.step('share-link', `share:${link.shareId}`, (signal) => resolveShareLink(this.client, link.path, signal), asClient(AbortSignal.timeout(this.timeouts.deadlineMs), client));
      if (this.shareTargets.size > 1000) this.shareTargets.clear();
      this.shareTargets.set(link.shareId, { target: found, expires: Date.now() + SHARE_TARGET_TTL_MS });
      return found;
    });
    return { kind: target.linkKind, shortcode: target.shortcode };
  }

  private knownShareTarget(shareId: string): DirectLink | undefined {
    const known = this.shareTargets.get(shareId);
    return known && known.expires > Date.now() ? { kind: known.target.linkKind, shortcode: known.target.shortcode } : undefined;
  }

  /** Where each post strategy stands, the doc ids in use and the session's state: /readyz detail and /metrics. */
  status(): { strategies: Record<string, StrategyStatus & { docId?: DocIdEntry; shapes?: Record<RequestShapeName, StrategyStatus> }>; docIds: Record<DocIdOperation, DocIdEntry>; egress: EgressPoolStatus } {
    const strategies = Object.fromEntries(
      this.config.instagram.strategies.map((name) => {
        const op = POST_STRATEGIES[name].docIdOperation;
        return [name, { ...this.health.status(name), ...(op ? { docId: this.docIds.get(op), shapes: this.shapes.status(name) } : {}) }];
      }),
    );
    return { strategies, docIds: this.docIds.all(), egress: this.client.pool.status() };
  }

  async close(): Promise<void> {
    await Promise.all([this.client.close(), this.autolink?.close(), this.storyInfo?.close(), this.cache.close(), this.verdicts.close()]);
  }
}

async function singleFlight<T>(flights: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  const existing = flights.get(key);
  if (existing) return existing;
  const promise = run().finally(() => flights.delete(key));
  flights.set(key, promise);
  return promise;
}

/** 10 minutes, or nothing when any CDN URL expires within the hour (an 'expired' answer is never cached). */
export function cacheTtlMs(raw: RawResolution, now = Date.now()): number {
  const urls = raw.items.flatMap((item) => [item.url, item.previewUrl, ...(item.audioUrl ? [item.audioUrl] : []), ...item.qualities.map((q) => q.url)]);
  if (raw.author.avatarUrl) urls.push(raw.author.avatarUrl);
  for (const url of urls) {
    const expiry = cdnExpiry(url);
    if (expiry !== undefined && expiry * 1000 - now < MIN_URL_LIFETIME_MS) return 0;
  }
  return CACHE_TTL_MS;
}
