/**
 * Saved file names (spec §7): instagram-{video|photo|reel}-{ISO time with : and . as -}.{mp4|jpg}.
 * The time is the post's own when known, so one post always saves under the same name.
 */
import type { ResolutionKind } from '../../shared/api.ts';

export type FileKind = 'video' | 'photo' | 'reel' | 'audio';

const EXTENSION: Record<FileKind, string> = { video: 'mp4', photo: 'jpg', reel: 'mp4', audio: 'm4a' };

export function fileKindOf(itemType: 'image' | 'video', resolutionKind: ResolutionKind): FileKind {
  if (itemType === 'image') return 'photo';
  return resolutionKind === 'reel' ? 'reel' : 'video';
}

/**
 * The spec's name; the items of a multi-item post add their 1-based number (`…-000Z-2.jpg`), so that saving a
 * carousel one item at a time never collides into "(1)" copies.
 */
export function mediaFilename(kind: FileKind, time: Date, item?: { index: number; total: number }): string {
  const stamp = time.toISOString().replace(/[:.]/g, '-');
  const number = item && item.total > 1 ? `-${item.index + 1}` : '';
  return `instagram-${kind}-${stamp}${number}.${EXTENSION[kind]}`;
}

/** A quality's label: its size, and HD / Full HD where it is one (numbers and names read the same in every language). */
export function qualityLabel(width: number, height: number): string {
  const short = Math.min(width, height);
  const tier = short >= 1080 ? 'Full HD' : short >= 720 ? 'HD' : '';
  return tier ? `${width}×${height} · ${tier}` : `${width}×${height}`;
}

/** ZIP entry name: the single download's name with a 1-based, zero-padded index in front. */
export function zipEntryName(index: number, total: number, filename: string): string {
  const width = String(total).length;
  return `${String(index + 1).padStart(Math.max(2, width), '0')}-${filename}`;
}

/** instagram-{username}-{shortcode}.zip, never doubling a word (@instagram's posts: instagram-{shortcode}.zip). */
export function zipFilename(username: string, shortcode: string | undefined): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  const words = ['instagram', safe(username), safe(shortcode ?? 'media')].filter((word, i, all) => i === 0 || word.toLowerCase() !== all[i - 1]!.toLowerCase());
  return `${words.join('-')}.zip`;
}

export function contentTypeOf(filename: string): string {
  if (filename.endsWith('.mp4')) return 'video/mp4';
  if (filename.endsWith('.m4a')) return 'audio/mp4';
  if (filename.endsWith('.zip')) return 'application/zip';
  return 'image/jpeg';
}

/** RFC 6266 Content-Disposition with an ASCII fallback and filename*. */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
