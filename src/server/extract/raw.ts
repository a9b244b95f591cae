/**
 * What extraction produces: the media of a link with the CDN's own URLs. The cache stores this;
 * media/present.ts turns it into the API's Resolution with signed proxy URLs on every answer.
 */
import type { Resolution } from '../../shared/api.ts';

export interface RawRendition {
  url: string;
  width: number;
  height: number;
  /** A DASH video-only track: its download is joined with the item's audio track (media/mux/mux.ts). */
  dash?: true;
  /** The file's size estimated from the manifest's bitrate × duration (DASH tracks only; nothing else is known). */
  approxBytes?: number;
  /** A progressive rendition's DASH video-only twin (same size): its picture without sound, for a muted download. */
  videoOnly?: string;
}

export interface RawMediaItem {
  type: 'image' | 'video';
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** CDN URL of the best progressive rendition (largest width × height): what plays inline, Range and all. */
  url: string;
  /** CDN URL of the poster (video) or a smaller image; the best image when there is nothing smaller. */
  previewUrl: string;
  /** Every rendition, best first: the progressive ones and, for videos, the DASH video tracks of other sizes. */
  qualities: RawRendition[];
  /** CDN URL of the DASH audio track alone, when the source has one. */
  audioUrl?: string;
  /** Instagram says the video has no sound (`has_audio: false`). */
  silent?: true;
  /** A story or highlight item's own time (each was posted apart): its file's name, however the item was reached. */
  takenAt?: string;
}

/** The Resolution of the API before presentation: the same post facts, CDN URLs instead of signed links, no ZIP yet. */
export interface RawResolution extends Omit<Resolution, 'items' | 'zipUrl' | 'service'> {
  /** Absent: Instagram's (every Instagram normaliser leaves it out). */
  service?: Resolution['service'];
  /** author.avatarUrl, like every URL here, is the CDN's own. */
  items: RawMediaItem[];
  /** CDN URL → its Content-Length, as a HEAD answered when the post was looked up (media/file-sizes.ts). */
  sizes?: Record<string, number>;
}
