/**
 * Cache of resolutions by canonical target (any JSON value: extraction names its own type, the store stays below it). In-memory LRU by default; Redis (shared by every instance)
 * when REDIS_URL is set — the app's shared connection, or one of its own. Redis trouble never fails a
 * request: the operation falls back to memory and a warning is logged (at most once a minute).
 */
import { Redis } from 'ioredis';

export interface ResolutionCache<V = unknown> {
  readonly backend: 'memory' | 'redis';
  get(key: string): Promise<V | undefined>;
  /** A hit held in this process, answered without waiting (memory only; a shared Redis cache has none). */
  peek?(key: string): V | undefined;
  set(key: string, value: V, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

export class MemoryResolutionCache<V = unknown> implements ResolutionCache<V> {
  readonly backend = 'memory' as const;
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** The most recently used key: a hit on it needs no move (a Map's delete and set on every hit of a popular post). */
  private newest?: string;

  /** `now`: the clock entries expire by (a browser test moves one instance's forward: test/e2e/serve.ts). */
  constructor(
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<V | undefined> {
    return this.peek(key);
  }

  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry); // most recently used goes last
      this.newest = key;
    }
    return entry.value;
  }

  async set(key: string, value: V, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    this.newest = key;
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

const PREFIX = 'gramsave:resolution:v1:';
const WARN_INTERVAL_MS = 60_000;

export class RedisResolutionCache<V = unknown> implements ResolutionCache<V> {
  readonly backend = 'redis' as const;
  readonly fallback = new MemoryResolutionCache<V>();
  private readonly redis: Redis;
  private readonly owned: boolean;
  private lastWarning = 0;

  /** `redis`: a shared client (not closed here) or a URL to connect to (closed with the cache). */
  constructor(
    redis: Redis | string,
    private readonly logger: WarnLogger,
    /** Keys' namespace: resolutions by default; other remembered answers (extract/verdict-memory.ts) use their own. */
    private readonly prefix = PREFIX,
  ) {
    this.owned = typeof redis === 'string';
    this.redis =
      typeof redis === 'string'
        ? new Redis(redis, {
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
            connectTimeout: 2000,
            commandTimeout: 1000,
            retryStrategy: (times) => Math.min(times * 500, 5000),
          })
        : redis;
    if (this.owned) this.redis.on('error', (err: Error) => this.warn('redis connection error', err));
  }

  private warn(msg: string, err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_INTERVAL_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, `resolution cache: ${msg}; using the in-memory cache`);
  }

  async get(key: string): Promise<V | undefined> {
    try {
      const text = await this.redis.get(this.prefix + key);
      return text ? (JSON.parse(text) as V) : await this.fallback.get(key);
    } catch (err) {
      this.warn('redis get failed', err);
      return this.fallback.get(key);
    }
  }

  async set(key: string, value: V, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', Math.ceil(ttlMs));
    } catch (err) {
      this.warn('redis set failed', err);
      await this.fallback.set(key, value, ttlMs);
    }
  }

  async close(): Promise<void> {
    if (this.owned) this.redis.disconnect();
    await this.fallback.close();
  }
}

export function createResolutionCache<V = unknown>(options: { redis?: Redis; redisUrl?: string; logger: WarnLogger; prefix?: string }): ResolutionCache<V> {
  const redis = options.redis ?? options.redisUrl;
  return redis ? new RedisResolutionCache<V>(redis, options.logger, options.prefix) : new MemoryResolutionCache<V>();
}
