/**
 * What extraction produces: the media of a link with the CDN's own URLs. The cache stores this;
 * media/present.ts turns it into the API's Resolution with signed proxy URLs on every answer.
 */
import type { Resolution } from '../../shared/api.ts';

export interface RawRendition {
  url: string;
  width: number;
  height: number;
}

export interface RawMediaItem {
  type: 'image' | 'video';
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** CDN URL of the best rendition (largest width × height). */
  url: string;
  /** CDN URL of the poster (video) or a smaller image; the best image when there is nothing smaller. */
  previewUrl: string;
  /** Every rendition, best first (the best one included). */
  qualities: RawRendition[];
  /** CDN URL of the DASH audio track alone, when the source has one. */
  audioUrl?: string;
}

/** The Resolution of the API before presentation: the same post facts, CDN URLs instead of signed links, no ZIP yet. */
export interface RawResolution extends Omit<Resolution, 'items' | 'zipUrl'> {
  /** author.avatarUrl, like every URL here, is the CDN's own. */
  items: RawMediaItem[];
}
