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

export function mediaFilename(kind: FileKind, time: Date): string {
  const stamp = time.toISOString().replace(/[:.]/g, '-');
  return `instagram-${kind}-${stamp}.${EXTENSION[kind]}`;
}

/** ZIP entry name: the single download's name with a 1-based, zero-padded index in front. */
export function zipEntryName(index: number, total: number, filename: string): string {
  const width = String(total).length;
  return `${String(index + 1).padStart(Math.max(2, width), '0')}-${filename}`;
}

export function zipFilename(username: string, shortcode: string | undefined): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  return `instagram-${safe(username)}-${safe(shortcode ?? 'media')}.zip`;
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
