/**
 * RawResolution (CDN URLs) → the API's Resolution: every URL becomes a signed link to our own
 * media route, inline for previews and players, `?download=1` for the attachment.
 */
import type { MediaItem, Resolution } from '../../shared/api.ts';
import type { RawMediaItem, RawResolution } from '../extract/raw.ts';
import { fileKindOf, mediaFilename, qualityLabel, zipEntryName, zipFilename } from './filename.ts';
import { MAX_TOKEN_LENGTH, MAX_ZIP_ITEMS, signMediaToken, tokenExpiry } from './token.ts';

export const MEDIA_ROUTE = '/api/v1/media/';
export const ZIP_ROUTE = '/api/v1/zip/';

export interface PresentOptions {
  secret: string;
  nowSeconds?: number;
  /** Time used in file names when the post has no takenAt. */
  fallbackTime?: Date;
}

export function presentResolution(raw: RawResolution, options: PresentOptions): Resolution {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const time = raw.takenAt ? new Date(raw.takenAt) : (options.fallbackTime ?? new Date(now * 1000));
  const sign = (url: string, filename: string, kind: 'video' | 'image' | 'audio') =>
    MEDIA_ROUTE + signMediaToken(options.secret, { t: 'm', k: kind, u: url, f: filename, e: tokenExpiry([url], now) });

  const items: MediaItem[] = raw.items.map((item, index) => presentItem(item, raw, time, sign, { index, total: raw.items.length }));

  const resolution: Resolution = {
    kind: raw.kind,
    ...(raw.shortcode ? { shortcode: raw.shortcode } : {}),
    sourceUrl: raw.sourceUrl,
    author: {
      username: raw.author.username,
      ...(raw.author.fullName ? { fullName: raw.author.fullName } : {}),
      ...(raw.author.avatarUrl ? { avatarUrl: sign(raw.author.avatarUrl, 'avatar.jpg', 'image') } : {}),
    },
    ...(raw.caption ? { caption: raw.caption } : {}),
    ...(raw.takenAt ? { takenAt: raw.takenAt } : {}),
    items,
  };

  // Past the token's limits the ZIP route would refuse the link: offer none (each item still downloads).
  if (raw.items.length > 1 && raw.items.length <= MAX_ZIP_ITEMS) {
    const entries = raw.items.map((item, index) => ({
      u: item.url,
      f: zipEntryName(index, raw.items.length, mediaFilename(fileKindOf(item.type, raw.kind), time, { index, total: raw.items.length })),
    }));
    const token = signMediaToken(options.secret, {
      t: 'z',
      n: zipFilename(raw.author.username, raw.shortcode),
      e: tokenExpiry(entries.map((e) => e.u), now),
      i: entries,
    });
    if (token.length <= MAX_TOKEN_LENGTH) resolution.zipUrl = ZIP_ROUTE + token;
  }
  return resolution;
}

function presentItem(
  item: RawMediaItem,
  raw: RawResolution,
  time: Date,
  sign: (url: string, filename: string, kind: 'video' | 'image' | 'audio') => string,
  position: { index: number; total: number },
): MediaItem {
  const kind = item.type === 'video' ? 'video' : 'image';
  const filename = mediaFilename(fileKindOf(item.type, raw.kind), time, position);
  const mediaUrl = sign(item.url, filename, kind);
  const result: MediaItem = {
    type: item.type,
    ...(item.width ? { width: item.width } : {}),
    ...(item.height ? { height: item.height } : {}),
    ...(item.durationSeconds ? { durationSeconds: item.durationSeconds } : {}),
    previewUrl: item.previewUrl === item.url ? mediaUrl : sign(item.previewUrl, filename.replace(/\.\w+$/, '.jpg'), 'image'),
    mediaUrl,
    downloadUrl: `${mediaUrl}?download=1`,
    filename,
  };
  if (item.qualities.length > 1) {
    result.qualities = item.qualities.map((q) => ({
      label: qualityLabel(q.width, q.height),
      width: q.width,
      height: q.height,
      downloadUrl: `${sign(q.url, filename, kind)}?download=1`,
    }));
  }
  if (item.audioUrl) {
    const audioName = mediaFilename('audio', time, position);
    result.audioUrl = `${sign(item.audioUrl, audioName, 'audio')}?download=1`;
  }
  return result;
}
