/**
 * Saved file names: what the file is, in the order a folder sorts it.
 *
 *   {author}-{post code}[-{item}][-{quality}].{extension}   hold.out_studio-DQfullHD108-2-1080p.mp4
 *
 * - the post code is the shortcode; a story, highlight or profile picture has none, so its kind and the post's
 *   time (UTC, to the second) stand in: `someone-profile-20241110-005320.jpg`; a story or highlight item is a
 *   `story` at its own time, with no item number, however it was reached: `someone-story-20241110-005320-1080p.mp4`;
 * - a profile's ZIP says what it holds and when it was made: `someone-stories-20261127-114805.zip`;
 * - the item number (1-based, zero-padded to the item count) only where the post holds several items;
 * - the quality: `1080p` for a video rendition (its short side), `1080x1350` for a photo, `audio`, `poster`
 *   (a video's still), `preview` (a photo's smaller copy).
 *
 * Every name is safe on every common file system (safeFileName): no `<>:"/\|?*`, control or bidi characters, no
 * leading dot, no trailing dot or space, no reserved Windows name, at most 255 bytes of UTF-8 (the author is cut
 * first, on a character boundary). Used by the server for tokens, Content-Disposition and ZIP entries.
 */

/** A file's extension (mp3, opus, ogg, wav: cobalt's audio formats, made where the instance has ffmpeg). */
export type FileExtension = 'mp4' | 'jpg' | 'm4a' | 'zip' | 'mp3' | 'opus' | 'ogg' | 'wav';

export type FileQuality = { type: 'video' | 'image'; width: number; height: number } | 'audio' | 'poster' | 'preview';

export interface FileNameParts {
  /** The author's username. */
  author: string;
  /** The post's shortcode, where it has one. */
  code?: string;
  /** The link's kind: names a post without a shortcode (`story`, `highlight`, `profile`). */
  kind: string;
  /** When the post was made: with `kind`, names a post without a shortcode. */
  time?: Date;
  item?: { index: number; total: number };
  quality?: FileQuality;
  extension: FileExtension;
}

/** Most file systems (ext4, APFS, NTFS in UTF-16 units, which UTF-8 bytes never undercount) allow 255. */
export const MAX_FILE_NAME_BYTES = 255;

// Control characters are exactly what this rule removes.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const encoder = new TextEncoder();
const bytesOf = (text: string): number => encoder.encode(text).length;

/** The longest start of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (bytesOf(text) <= maxBytes) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = bytesOf(char);
    if (used + size > maxBytes) break;
    out += char;
    used += size;
  }
  return out;
}

/** The short side of a video, the whole size of a photo. */
export function qualityTag(quality: FileQuality): string {
  if (typeof quality === 'string') return quality;
  if (quality.type === 'video') return `${Math.min(quality.width, quality.height)}p`;
  return `${quality.width}x${quality.height}`;
}

/** A name made safe to save anywhere; `fallback` when nothing usable is left. */
export function safeFileName(name: string, fallback = 'instagram'): string {
  const clean = name.replace(UNSAFE, '_');
  const dot = clean.lastIndexOf('.');
  const hasExtension = dot > 0 && /^\.[A-Za-z0-9]{1,5}$/.test(clean.slice(dot));
  const extension = hasExtension ? clean.slice(dot) : '';
  let stem = hasExtension ? clean.slice(0, dot) : clean;
  const tidy = (s: string) => s.replace(/^[.\s]+/, '_').replace(/[.\s]+$/, '');
  stem = tidy(stem);
  if (!stem) stem = fallback;
  // Windows reserves these names whatever follows the first dot (NUL.txt, con.x-1.mp4).
  if (RESERVED.test(stem.split('.')[0]!)) stem = `_${stem}`;
  stem = tidy(cutToBytes(stem, MAX_FILE_NAME_BYTES - bytesOf(extension))) || fallback;
  return stem + extension;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The post's code: its shortcode, else its kind and time (`story-20241110-005320`). */
export function postCode(parts: Pick<FileNameParts, 'code' | 'kind' | 'time'>): string {
  if (parts.code) return parts.code;
  const t = parts.time;
  if (!t || Number.isNaN(t.getTime())) return parts.kind;
  const date = `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}`;
  return `${parts.kind}-${date}-${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
}

/** One downloaded file's name (see the top of this file). */
export function mediaFileName(parts: FileNameParts): string {
  const tail = [postCode(parts)];
  if (parts.item && parts.item.total > 1) tail.push(String(parts.item.index + 1).padStart(String(parts.item.total).length, '0'));
  if (parts.quality) tail.push(qualityTag(parts.quality));
  const rest = `-${tail.join('-')}.${parts.extension}`.replace(UNSAFE, '_');
  // The author is cut first, so the post code, item and quality always survive.
  const author = cutToBytes(parts.author.replace(UNSAFE, '_'), Math.max(1, MAX_FILE_NAME_BYTES - bytesOf(rest))) || 'instagram';
  return safeFileName(author + rest);
}

/** A post's ZIP: `{author}-{post code}.zip`. */
export function zipFileName(parts: Pick<FileNameParts, 'author' | 'code' | 'kind' | 'time'>): string {
  return mediaFileName({ ...parts, extension: 'zip' });
}

/** A profile's ZIP: `{author}-{what}-{date}-{time}.zip`, `what` being profile, a section or ticked, at the download's time (UTC). */
export function profileZipName(author: string, what: string, made: Date): string {
  return zipFileName({ author, kind: what, time: made });
}
