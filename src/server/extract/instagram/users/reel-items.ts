/**
 * A reel's items from feed/reels_media, for the profile view: a user's current stories (`reel_ids=<user id>`) or a
 * highlight album (`reel_ids=highlight:<id>`), from either answer form (`reels{}` or `reels_media[]`, stories.ts
 * pickReel). Each item keeps when it expires (`expiring_at`, else 24 hours after `taken_at`). Albums go up to 5 a call
 * (`reel_ids` repeated, as gallery-dl asks them), each read from the same answer.
 */
import { canonicalUrl } from '../../../../shared/link.ts';
import { ExtractError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import type { UpstreamClient } from '../client.ts';
import { dig } from '../graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
import { isoFromUnixSeconds } from '../../meta/renditions.ts';
import { readJson } from '../responses.ts';
import { pickReel } from '../stories.ts';

export interface ReelItems {
  /** One RawResolution per item (its own name and time), in the reel's order. */
  items: RawResolution[];
  /** Per item, when it expires (ISO 8601); undefined where Instagram does not say. */
  expires: (string | undefined)[];
  /** Per item, Instagram's id of it (`pk`): what a visitor's pick names (http/users/picked.ts). */
  ids?: (string | undefined)[];
}

const DAY_SECONDS = 24 * 3600;

export function readReelItems(json: unknown, reelId: string, author: { username: string; fullName?: string }): ReelItems {
  if (!json || typeof json !== 'object' || (!('reels' in json) && !('reels_media' in json))) {
    throw new ExtractError('changed', 'reels-media: neither reels nor reels_media');
  }
  const reel = pickReel(json, reelId);
  const raw = Array.isArray(reel?.items) ? reel.items : [];
  const highlight = reelId.startsWith('highlight:');
  const sourceUrl = highlight
    ? canonicalUrl({ kind: 'highlight', highlightId: reelId.slice('highlight:'.length) })
    : canonicalUrl({ kind: 'story', username: author.username });
  const items: RawResolution[] = [];
  const expires: (string | undefined)[] = [];
  const ids: (string | undefined)[] = [];
  for (const item of raw) {
    let resolution: RawResolution;
    try {
      resolution = normalizeV1(item, { linkKind: highlight ? 'highlight' : 'story', author, sourceUrl });
    } catch (err) {
      if (err instanceof ExtractError && err.kind === 'no_media') continue;
      throw err;
    }
    items.push(resolution);
    const pk = dig(item, 'pk');
    ids.push(typeof pk === 'string' || typeof pk === 'number' ? String(pk) : undefined);
    const expiring = dig(item, 'expiring_at');
    const taken = dig(item, 'taken_at');
    expires.push(
      highlight ? undefined : isoFromUnixSeconds(typeof expiring === 'number' ? expiring : typeof taken === 'number' ? taken + DAY_SECONDS : undefined),
    );
  }
  return { items, expires, ids };
}

export async function fetchReelItems(client: UpstreamClient, reelId: string, author: { username: string; fullName?: string }, signal: AbortSignal): Promise<ReelItems> {
  const res = await client.send({ origin: 'web', path: `/api/v1/feed/reels_media/?reel_ids=${encodeURIComponent(reelId)}`, session: true, signal });
  return readReelItems(readJson(res, 'reels-media'), reelId, author);
}

/** Albums asked together in one reels_media call (gallery-dl's chunk). */
export const ALBUMS_PER_CALL = 5;

/** Several highlight albums (their digits) in one call: each album's items, by id. */
export async function fetchAlbumItems(client: UpstreamClient, ids: string[], author: { username: string; fullName?: string }, signal: AbortSignal): Promise<Map<string, ReelItems>> {
  const query = ids.map((id) => `reel_ids=${encodeURIComponent(`highlight:${id}`)}`).join('&');
  const res = await client.send({ origin: 'web', path: `/api/v1/feed/reels_media/?${query}`, session: true, signal });
  const json = readJson(res, 'reels-media');
  return new Map(ids.map((id) => [id, readReelItems(json, `highlight:${id}`, author)]));
}
