/**
 * The last lookups of this browser (link, author, thumbnail, time), newest first, in localStorage only: never
 * sent anywhere. A link looked up again moves to the top instead of appearing twice. Storage that is full,
 * disabled or holds something else is treated as empty, never as an error. Listeners hear of every change
 * (the list under the form updates when a lookup ends).
 */
import type { ResolutionKind } from '../../shared/api.ts';
import { linkKey } from './batch-links.ts';
import { announceRecentChange, RECENT_KEY, recentStore, type RecentStore } from './recent-signal.ts';

export { hasRecent, onRecentChange, RECENT_KEY } from './recent-signal.ts';

export interface RecentLookup {
  link: string;
  author: string;
  /** What the lookup found (a post, a reel, a story…), which with the link's code tells lookups of one author apart. */
  kind?: ResolutionKind;
  /** A signed preview link: it expires within hours, so the list hides it when it no longer loads. */
  thumb?: string;
  /** When, in ms since the epoch. */
  at: number;
}

export const MAX_RECENT = 20;

const KINDS = new Set<string>(['post', 'reel', 'igtv', 'story', 'highlight', 'profile'] satisfies ResolutionKind[]);

type Store = RecentStore;
const store = recentStore;

function isLookup(value: unknown): value is RecentLookup {
  const v = value as Partial<RecentLookup> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.link === 'string' && v.link.length <= 2048 && typeof v.author === 'string' && typeof v.at === 'number' &&
    (v.kind === undefined || (typeof v.kind === 'string' && KINDS.has(v.kind))) &&
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
  announceRecentChange();
}

/** Set when the visitor turned the list off (the privacy page's switch, issue 37 point 10): nothing is kept then. */
export const RECENT_OFF_KEY = 'gramsave.recent.off';

export function keepsRecent(storage: Store | undefined = store()): boolean {
  try {
    return storage?.getItem(RECENT_OFF_KEY) !== '1';
  } catch {
    return true;
  }
}

/** Turns the list on or off; off also clears what was kept. */
export function setKeepRecent(on: boolean, storage: Store | undefined = store()): void {
  try {
    if (on) storage?.removeItem(RECENT_OFF_KEY);
    else storage?.setItem(RECENT_OFF_KEY, '1');
  } catch {
    // Refused storage keeps nothing anyway.
  }
  if (!on) clearRecent(storage);
}

export function addRecent(entry: RecentLookup, storage: Store | undefined = store()): void {
  if (!keepsRecent(storage)) return;
  const key = linkKey(entry.link);
  write(storage, [entry, ...readRecent(storage).filter((e) => linkKey(e.link) !== key)].slice(0, MAX_RECENT));
}

export function clearRecent(storage: Store | undefined = store()): void {
  write(storage, []);
}
