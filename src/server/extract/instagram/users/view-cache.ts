/**
 * The profile view's sections in the resolution cache (store/resolution-cache.ts): the same memory or Redis store,
 * shared by every instance, under keys of their own (`users:v1:…`), with one fetch at a time per key in this process.
 * The store is typed for resolutions; a section is plain JSON as a resolution is, so it goes through as it is.
 */
import type { RawResolution } from '../../raw.ts';
import type { ResolutionCache } from '../../../store/resolution-cache.ts';

const PREFIX = 'users:v1:';

export class ViewCache {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly store: ResolutionCache<RawResolution>) {}

  /** The cached value, else `load()`'s, kept for `ttlMs(value)` (0: not kept). Concurrent callers share one load. */
  async get<T>(key: string, load: () => Promise<T>, ttlMs: (value: T) => number): Promise<T> {
    const full = PREFIX + key;
    const cached = (await this.store.get(full)) as unknown as T | undefined;
    if (cached !== undefined) return cached;
    const running = this.inFlight.get(full) as Promise<T> | undefined;
    if (running) return running;
    const loading = (async () => {
      const value = await load();
      await this.store.set(full, value as unknown as RawResolution, ttlMs(value));
      return value;
    })().finally(() => this.inFlight.delete(full));
    this.inFlight.set(full, loading);
    return loading;
  }

  /** The cached value, or undefined (nothing is loaded). */
  async peek<T>(key: string): Promise<T | undefined> {
    return (await this.store.get(PREFIX + key)) as unknown as T | undefined;
  }

  /** Keep a value for ttlMs (0: not kept). */
  async put<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.store.set(PREFIX + key, value as unknown as RawResolution, ttlMs);
  }

  /** A resolution the cache holds under a link's own key (the profile tool's picture), or undefined. */
  getResolution(key: string): Promise<RawResolution | undefined> {
    return this.store.get(key);
  }

  /** Put a resolution in the cache under a link's own key (a feed page's posts: their lookup then costs nothing). */
  async putResolution(key: string, raw: RawResolution, ttlMs: number): Promise<void> {
    await this.store.set(key, raw, ttlMs);
  }
}
