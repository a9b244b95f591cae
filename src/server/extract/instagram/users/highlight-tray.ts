/**
 * A user's highlight albums: GET /api/v1/highlights/{user id}/highlights_tray/ with the session → `tray[]` of
 * `{id: "highlight:<digits>", title, media_count, cover_media.cropped_image_version.url}` (gallery-dl
 * `highlights_tray`, docs/instagram.md). Albums without a usable id are left out; a tray that is not a list is a change.
 */
import { ExtractError } from '../../failure.ts';
import type { UpstreamClient } from '../client.ts';
import { dig } from '../graphql.ts';
import { readJson } from '../responses.ts';

export interface RawAlbum {
  /** The highlight's digits, without `highlight:`. */
  id: string;
  title: string;
  /** CDN URL of the cropped cover, when the album has one. */
  coverUrl?: string;
  count: number;
}

export function readHighlightTray(json: unknown): RawAlbum[] {
  const tray = dig(json, 'tray');
  if (!Array.isArray(tray)) throw new ExtractError('changed', 'highlights-tray: no tray list');
  const albums: RawAlbum[] = [];
  for (const entry of tray) {
    const id = /^highlight:(\d{1,30})$/.exec(String(dig(entry, 'id') ?? ''))?.[1];
    if (!id) continue;
    const title = dig(entry, 'title');
    const cover = dig(entry, 'cover_media', 'cropped_image_version', 'url');
    const count = dig(entry, 'media_count');
    albums.push({
      id,
      title: typeof title === 'string' ? title : '',
      ...(typeof cover === 'string' && cover ? { coverUrl: cover } : {}),
      count: typeof count === 'number' && count >= 0 ? count : 0,
    });
  }
  return albums;
}

export async function fetchHighlightTray(client: UpstreamClient, userId: string, signal: AbortSignal): Promise<RawAlbum[]> {
  const res = await client.send({ origin: 'web', path: `/api/v1/highlights/${encodeURIComponent(userId)}/highlights_tray/`, session: true, signal });
  return readHighlightTray(readJson(res, 'highlights-tray'));
}
