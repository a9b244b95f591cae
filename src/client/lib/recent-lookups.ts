/**
 * The last lookups of this browser (link, author, thumbnail, time), newest first, in localStorage only: never
 * sent anywhere. A link looked up again moves to the top instead of appearing twice. Storage that is full,
 * disabled or holds something else is treated as empty, never as an error. Listeners hear of every change
 * (the list under the form updates when a lookup ends).
 */
import { linkKey } from './batch-links.ts';

export interface RecentLookup {
  link: string;
  author: string;
  /** A signed preview link: it expires within hours, so the list hides it when it no longer loads. */
  thumb?: string;
  /** When, in ms since the epoch. */
  at: number;
}

export const RECENT_KEY = 'gramsave.recent.v1';
export const MAX_RECENT = 20;
const CHANGED = 'gramsave:recent';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (a sandboxed frame, some privacy modes)
  }
}

function isLookup(value: unknown): value is RecentLookup {
  const v = value as Partial<RecentLookup> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.link === 'string' && v.link.length <= 2048 && typeof v.author === 'string' && typeof v.at === 'number' &&
    (v.thumb === undefined || (typeof v.thumb === 'string' && v.thumb.startsWith('/api/v1/media/')))
  );
}

export function readRecent(storage: Store | undefined = store()): RecentLookup[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLookup).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

function write(storage: Store | undefined, list: RecentLookup[]): void {
  try {
    if (list.length === 0) storage?.removeItem(RECENT_KEY);
    else storage?.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Full or refused: the list is a convenience, the lookup itself worked.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

/** Whether this browser holds any (cheap: no parsing), so the list's code loads only then. */
export function hasRecent(storage: Store | undefined = store()): boolean {
  try {
    return Boolean(storage?.getItem(RECENT_KEY));
  } catch {
    return false;
  }
}

export function addRecent(entry: RecentLookup, storage: Store | undefined = store()): void {
  const key = linkKey(entry.link);
  write(storage, [entry, ...readRecent(storage).filter((e) => linkKey(e.link) !== key)].slice(0, MAX_RECENT));
}

export function clearRecent(storage: Store | undefined = store()): void {
  write(storage, []);
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
