/**
 * RawResolution (CDN URLs) → the API's Resolution: every URL becomes a signed link to our own
 * media route, inline for previews and players, `?download=1` for the attachment.
 */
import type { MediaItem, Resolution } from '../../shared/api.ts';
import { mediaFileName, zipFileName, type FileExtension, type FileQuality } from '../../shared/file-name.ts';
import type { RawMediaItem, RawRendition, RawResolution } from '../extract/raw.ts';
import { qualityLabel } from './filename.ts';
import { MAX_TOKEN_LENGTH, MAX_ZIP_ITEMS, signMediaToken, tokenExpiry, type ZipEntry } from './token.ts';

export const MEDIA_ROUTE = '/api/v1/media/';
export const ZIP_ROUTE = '/api/v1/zip/';
/** A DASH video track joined with its audio track (media/mux/mux.ts): always an attachment. */
export const MUX_ROUTE = '/api/v1/mux/';

export interface PresentOptions {
  secret: string;
  nowSeconds?: number;
  /** Time used in the names of a post without a shortcode when it has no takenAt. */
  fallbackTime?: Date;
}

export function presentResolution(raw: RawResolution, options: PresentOptions): Resolution {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const time = postTime(raw, options.fallbackTime ?? new Date(now * 1000));
  const sign = (url: string, filename: string, kind: 'video' | 'image' | 'audio') =>
    MEDIA_ROUTE + signMediaToken(options.secret, { t: 'm', k: kind, u: url, f: filename, e: tokenExpiry([url], now) });
  const signMux = (video: string, audio: string | undefined, filename: string) =>
    MUX_ROUTE +
    signMediaToken(options.secret, { t: 'x', u: video, ...(audio ? { a: audio } : {}), f: filename, e: tokenExpiry(audio ? [video, audio] : [video], now) });
  const signers: Signers = { sign, signMux };

  const items: MediaItem[] = raw.items.map((item, index) => presentItem(item, raw, time, signers, { index, total: raw.items.length }));

  const resolution: Resolution = {
    kind: raw.kind,
    service: raw.service ?? 'instagram',
    ...(raw.shortcode ? { shortcode: raw.shortcode } : {}),
    sourceUrl: raw.sourceUrl,
    author: {
      username: raw.author.username,
      ...(raw.author.fullName ? { fullName: raw.author.fullName } : {}),
      ...(raw.author.avatarUrl ? { avatarUrl: sign(raw.author.avatarUrl, 'avatar.jpg', 'image') } : {}),
      ...(raw.author.coauthors ? { coauthors: raw.author.coauthors.map((c) => ({ username: c.username })) } : {}),
    },
    ...(raw.caption ? { caption: raw.caption } : {}),
    ...(raw.takenAt ? { takenAt: raw.takenAt } : {}),
    items,
  };

  // Past the token's limits the ZIP route would refuse the link: offer none (each item still downloads).
  if (raw.items.length > 1 && raw.items.length <= MAX_ZIP_ITEMS) {
    const entries = zipEntriesOf(raw);
    const token = signMediaToken(options.secret, {
      t: 'z',
      n: zipFileName(namePartsOf(raw)),
      e: tokenExpiry(entries.flatMap((e) => ('a' in e && e.a ? [e.u, e.a] : [e.u])), now),
      i: entries,
    });
    if (token.length <= MAX_TOKEN_LENGTH) resolution.zipUrl = ZIP_ROUTE + token;
  }
  return resolution;
}

/**
 * A post's ZIP entries: each item's best quality under the name its own download has (the item number in it
 * keeps the archive in order); a DASH track is joined with its audio inside the archive. Shared by the post's
 * own ZIP and the ZIP of a batch (zip/batch-zip.ts).
 */
export function zipEntriesOf(raw: RawResolution): ZipEntry[] {
  const names = fileNamer(raw);
  return raw.items.map((item, index) => {
    const best = bestOf(item);
    return {
      u: best.url,
      f: names(item, { index, total: raw.items.length }, renditionQuality(item, best), extensionOf(item)),
      ...(best.dash ? { x: 1 as const, ...(item.audioUrl ? { a: item.audioUrl } : {}) } : {}),
    };
  });
}

type NameParts = { author: string; code?: string; kind: string; time?: Date };

/** A post without a shortcode is named by its kind and the time it was posted; never by the time of the download. */
function namePartsOf(raw: RawResolution): NameParts {
  return { author: raw.author.username, ...(raw.shortcode ? { code: raw.shortcode } : {}), kind: raw.kind, ...(raw.takenAt ? { time: new Date(raw.takenAt) } : {}) };
}

/** A story's or highlight's item: a moment of its own, whatever reel, album or link it was reached through. */
const isStoryItem = (raw: RawResolution) => raw.kind === 'story' || raw.kind === 'highlight';

/**
 * The saved name of one file of a post (shared/file-name.ts). A story item is named by its own time as a `story`,
 * with no item number: the same file has one name from a story link, a highlight link, the profile view or a ZIP.
 */
function fileNamer(raw: RawResolution) {
  const parts = namePartsOf(raw);
  return (own: RawMediaItem, item: { index: number; total: number }, quality: FileQuality | undefined, extension: FileExtension) => {
    if (!isStoryItem(raw)) return mediaFileName({ ...parts, item, ...(quality ? { quality } : {}), extension });
    const time = own.takenAt ? new Date(own.takenAt) : parts.time;
    return mediaFileName({ author: parts.author, kind: 'story', ...(time ? { time } : {}), ...(quality ? { quality } : {}), extension });
  };
}

const extensionOf = (item: RawMediaItem): FileExtension => (item.type === 'video' ? 'mp4' : 'jpg');

/** A rendition's quality for its name; none when its size is unknown. */
function renditionQuality(item: RawMediaItem, rendition: { width: number; height: number }): FileQuality | undefined {
  return rendition.width > 0 && rendition.height > 0 ? { type: item.type, width: rendition.width, height: rendition.height } : undefined;
}

/** The time in a post's file names: when it was posted, else the given fallback. */
export function postTime(raw: RawResolution, fallback: Date): Date {
  return raw.takenAt ? new Date(raw.takenAt) : fallback;
}

interface Signers {
  sign: (url: string, filename: string, kind: 'video' | 'image' | 'audio') => string;
  signMux: (video: string, audio: string | undefined, filename: string) => string;
}

/** What "download" saves: the first quality (a DASH track when it is larger than every progressive rendition). */
function bestOf(item: RawMediaItem): RawRendition {
  return item.qualities[0] ?? { url: item.url, width: item.width ?? 0, height: item.height ?? 0 };
}

function presentItem(item: RawMediaItem, raw: RawResolution, time: Date, { sign, signMux }: Signers, position: { index: number; total: number }): MediaItem {
  const kind = item.type === 'video' ? 'video' : 'image';
  const names = fileNamer(raw);
  const extension = extensionOf(item);
  const nameOf = (q: { width: number; height: number }) => names(item, position, renditionQuality(item, q), extension);
  const sizes = raw.sizes ?? {};
  const best = bestOf(item);
  const filename = nameOf(best);
  // Inline playback stays on the best progressive rendition: a joined file is streamed as it is made, without Range.
  const progressive = item.qualities.find((q) => q.url === item.url) ?? { width: item.width ?? 0, height: item.height ?? 0 };
  const mediaUrl = sign(item.url, nameOf(progressive), kind);
  // Each quality both ways: inline (a player, Open in new tab) and as the attachment, under its own name.
  const links = (q: RawRendition) => {
    const name = nameOf(q);
    if (!q.dash) {
      const inline = sign(q.url, name, kind);
      return { mediaUrl: inline, downloadUrl: `${inline}?download=1` };
    }
    const joined = signMux(q.url, item.audioUrl, name);
    return { mediaUrl: `${joined}?inline=1`, downloadUrl: joined };
  };
  const sizeOf = (q: RawRendition) => renditionSize(q, item, sizes);
  const result: MediaItem = {
    type: item.type,
    ...(best.width ? { width: best.width } : item.width ? { width: item.width } : {}),
    ...(best.height ? { height: best.height } : item.height ? { height: item.height } : {}),
    ...(item.durationSeconds ? { durationSeconds: item.durationSeconds } : {}),
    previewUrl: item.previewUrl === item.url ? mediaUrl : sign(item.previewUrl, names(item, position, item.type === 'video' ? 'poster' : 'preview', 'jpg'), 'image'),
    mediaUrl,
    downloadUrl: best.dash ? links(best).downloadUrl : `${mediaUrl}?download=1`,
    filename,
    ...sizeOf(best),
  };
  if (item.qualities.length > 1) {
    result.qualities = item.qualities.map((q) => ({
      label: qualityLabel(q.width, q.height, item.type),
      width: q.width,
      height: q.height,
      ...links(q),
      filename: nameOf(q),
      ...(q.dash ? { muxed: true as const } : {}),
      ...sizeOf(q),
    }));
  }
  if (item.audioUrl) {
    const audioName = names(item, position, 'audio', 'm4a');
    result.audioUrl = `${sign(item.audioUrl, audioName, 'audio')}?download=1`;
    result.audioFilename = audioName;
  }
  if (item.silent) result.silent = true;
  return result;
}

/**
 * What a rendition's download weighs: a progressive file's Content-Length as the CDN stated it (exact); for a
 * joined one the sum of its tracks' lengths (the join adds and drops only a few header bytes), else the
 * manifest's bitrate × duration; both approximate.
 */
export function renditionSize(q: RawRendition, item: RawMediaItem, sizes: Record<string, number>): { bytes?: number; approxBytes?: number } {
  if (!q.dash) return sizes[q.url] ? { bytes: sizes[q.url]! } : {};
  const video = sizes[q.url];
  const audio = item.audioUrl ? sizes[item.audioUrl] : 0;
  if (video && audio !== undefined) return { approxBytes: video + audio };
  return q.approxBytes ? { approxBytes: q.approxBytes } : {};
}
