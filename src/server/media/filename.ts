/**
 * Content types and Content-Disposition of saved files, and a quality's label. The names themselves follow one
 * rule, shared/file-name.ts.
 */
import { safeFileName } from '../../shared/file-name.ts';

/**
 * A quality's label: its size, and for a video HD / Full HD where it is one (numbers and names read the same in
 * every language). A photo is told by its pixels alone: "Full HD" is a video format's name.
 */
export function qualityLabel(width: number, height: number, type: 'image' | 'video' = 'video'): string {
  if (type === 'image') return `${width}×${height}`;
  const short = Math.min(width, height);
  const tier = short >= 1080 ? 'Full HD' : short >= 720 ? 'HD' : '';
  return tier ? `${width}×${height} · ${tier}` : `${width}×${height}`;
}

export function contentTypeOf(filename: string): string {
  if (filename.endsWith('.mp4')) return 'video/mp4';
  if (filename.endsWith('.m4a')) return 'audio/mp4';
  if (filename.endsWith('.zip')) return 'application/zip';
  return 'image/jpeg';
}

/** RFC 6266 Content-Disposition with an ASCII fallback and filename*. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const filename = safeFileName(name);
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
