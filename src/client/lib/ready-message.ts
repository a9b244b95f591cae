/**
 * The success toast after a lookup says what was found, whatever page it was found on: a reel on the photo page
 * is "Reel ready", a carousel anywhere is "Found 3 items", a story "Found n items".
 */
import type { Resolution } from '../../shared/api.ts';

export function readyMessage(resolution: Pick<Resolution, 'kind' | 'items'>): { key: string; values?: { count: number } } {
  const count = resolution.items.length;
  switch (resolution.kind) {
    case 'story':
    case 'highlight':
      return { key: 'success.found', values: { count } };
    case 'profile':
      return { key: 'success.readyProfile' };
    case 'reel':
      return { key: count > 1 ? 'success.found' : 'success.readyReels', ...(count > 1 ? { values: { count } } : {}) };
    case 'igtv':
      return { key: 'success.readyIgtv' };
    case 'post':
      if (count > 1) return { key: 'success.found', values: { count } };
      return { key: resolution.items[0]?.type === 'video' ? 'success.readyVideo' : 'success.readyPhoto' };
  }
}
