/**
 * Which of an item's renditions a cobalt request gets. `videoQuality` is the largest short side wanted (cobalt's
 * 1080 means 1080p, portrait or not): the best rendition within it, else the smallest there is; `max` is the best,
 * the joined Full HD included. Photos always come in their best size, as cobalt's do. (A muted video is the same
 * rendition without its sound: see answers.ts.)
 */
import type { RawMediaItem, RawRendition } from '../../extract/raw.ts';
import type { VideoQuality } from './schema.ts';

/** Every rendition of an item, best first (an item without a list has its one file). */
export function renditionsOf(item: RawMediaItem): RawRendition[] {
  return item.qualities.length > 0 ? item.qualities : [{ url: item.url, width: item.width ?? 0, height: item.height ?? 0 }];
}

function within(renditions: RawRendition[], quality: VideoQuality): RawRendition {
  if (quality === 'max') return renditions[0]!;
  const limit = Number(quality);
  return renditions.find((r) => Math.min(r.width, r.height) <= limit) ?? renditions[renditions.length - 1]!;
}

export function pickRendition(item: RawMediaItem, quality: VideoQuality): RawRendition {
  const all = renditionsOf(item);
  return item.type === 'image' ? all[0]! : within(all, quality);
}
