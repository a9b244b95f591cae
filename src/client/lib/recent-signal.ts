/**
 * The little of the recent lookups a page needs before anyone looks anything up: whether this browser holds any
 * (so the list's code loads only then) and word of changes. Reading and writing the list is recent-lookups.ts.
 */
export const RECENT_KEY = 'gramsave.recent.v1';
const CHANGED = 'gramsave:recent';

export type RecentStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function recentStore(): RecentStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (a sandboxed frame, some privacy modes)
  }
}

/** Whether this browser holds any (cheap: no parsing). */
export function hasRecent(storage: RecentStore | undefined = recentStore()): boolean {
  try {
    return Boolean(storage?.getItem(RECENT_KEY));
  } catch {
    return false;
  }
}

export function announceRecentChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

/** Calls back on every change made in this page or (through the storage event) in another tab. */
export function onRecentChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}
