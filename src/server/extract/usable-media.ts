/**
 * Keeps only media the proxy can serve: absolute http(s) URLs short enough to sign. An upstream (a
 * third-party provider especially) may hand back relative, data: or enormous URLs; an item whose file
 * URL is unusable is dropped (spec §3: items without a URL are dropped), and unusable extras
 * (preview, qualities, audio) fall back or go.
 */
import type { RawMediaItem, RawResolution } from './raw.ts';

export const MAX_MEDIA_URL_LENGTH = 4096;

export function isUsableMediaUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_MEDIA_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false; // not a URL at all: the caller drops it
  }
}

function usableItem(item: RawMediaItem): RawMediaItem | undefined {
  if (!isUsableMediaUrl(item.url)) return undefined;
  const qualities = item.qualities.filter((q) => isUsableMediaUrl(q.url));
  const cleaned: RawMediaItem = { ...item, previewUrl: isUsableMediaUrl(item.previewUrl) ? item.previewUrl : item.url, qualities };
  if (item.audioUrl !== undefined && !isUsableMediaUrl(item.audioUrl)) delete cleaned.audioUrl;
  return cleaned;
}

export function keepUsableMedia(raw: RawResolution): RawResolution {
  const items = raw.items.map(usableItem).filter((item): item is RawMediaItem => item !== undefined);
  const avatarUrl = raw.author.avatarUrl;
  return {
    ...raw,
    author: { ...raw.author, avatarUrl: isUsableMediaUrl(avatarUrl) ? avatarUrl : undefined },
    items,
  };
}
