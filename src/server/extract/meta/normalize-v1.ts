/**
 * The v1 media shape (mobile REST, Polaris, web_info, story items) → RawResolution.
 * media_type 1 image, 2 video, 8 carousel; the best rendition is the largest width × height.
 */
import { z } from 'zod';
import type { RawMediaItem, RawRendition, RawResolution } from '../raw.ts';
import { ExtractError } from '../failure.ts';
import { kindOf, mediaSourceUrl, type NormalizeContext } from './media-kind.ts';
import { withDashQualities } from './dash-video.ts';
import { dashAudioUrl, isoFromUnixSeconds, previewOf, rankRenditions } from './renditions.ts';
import { coauthorsOf } from './coauthors.ts';

const candidate = z.object({ url: z.string().min(1), width: z.number(), height: z.number() });
/** Threads' video_versions state no size, every entry the same file (issue 40): the media's original size says it. */
const videoVersion = z.object({ url: z.string().min(1), width: z.number().nullish(), height: z.number().nullish() });

const v1Item = z.object({
  media_type: z.number().int(),
  code: z.string().nullish(),
  pk: z.union([z.string(), z.number()]).nullish(),
  product_type: z.string().nullish(),
  taken_at: z.number().nullish(),
  image_versions2: z.object({ candidates: z.array(candidate) }).nullish(),
  /** 2026 Polaris images may come as one URL with the original size instead (FxEmbed's fixture). */
  display_uri: z.string().min(1).nullish(),
  original_width: z.number().nullish(),
  original_height: z.number().nullish(),
  video_versions: z.array(videoVersion).nullish(),
  video_duration: z.number().nullish(),
  has_audio: z.boolean().nullish(),
  video_dash_manifest: z.string().nullish(),
});

const v1User = z.object({
  username: z.string().nullish(),
  full_name: z.string().nullish(),
  profile_pic_url: z.string().nullish(),
  is_private: z.boolean().nullish(),
});

const v1Media = v1Item.extend({
  carousel_media: z.array(v1Item).nullish(),
  user: v1User.nullish(),
  caption: z.object({ text: z.string() }).nullish(),
});

export type V1Media = z.infer<typeof v1Media>;

export function parseV1Media(value: unknown): V1Media {
  if (value === null || value === undefined) throw new ExtractError('empty', 'the answer has no media (null)');
  const parsed = v1Media.safeParse(value);
  if (!parsed.success) {
    throw new ExtractError('changed', `v1 media did not match: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}

/** The items of one v1 media, carousel order kept. */
export function v1MediaItems(media: z.infer<typeof v1Item> & { carousel_media?: z.infer<typeof v1Item>[] | null }): RawMediaItem[] {
  if (media.media_type !== 8) return v1Single(media);
  return (media.carousel_media ?? []).flatMap((child, index) => {
    const item = v1Single(child);
    // An item without its file is not dropped in silence (cobalt PR #1554): the next strategy is asked.
    if (item.length === 0) throw new ExtractError('changed', `carousel item ${index + 1} has no playable file`);
    return item;
  });
}

function v1Single(media: z.infer<typeof v1Item>): RawMediaItem[] {
  const candidates = media.image_versions2?.candidates ?? [];
  if (candidates.length === 0 && media.display_uri) candidates.push({ url: media.display_uri, width: media.original_width ?? 0, height: media.original_height ?? 0 });
  const images = rankRenditions(candidates.map(toRendition));
  const sized = (v: z.infer<typeof videoVersion>) => ({ url: v.url, width: v.width ?? media.original_width ?? 0, height: v.height ?? media.original_height ?? 0 });
  const videos = rankRenditions((media.video_versions ?? []).map(sized));
  if (media.media_type === 2 || videos.length > 0) {
    const best = videos[0];
    if (!best) return [];
    const audioUrl = media.has_audio === false ? undefined : dashAudioUrl(media.video_dash_manifest);
    return [
      {
        type: 'video',
        width: best.width,
        height: best.height,
        ...(media.video_duration ? { durationSeconds: media.video_duration } : {}),
        url: best.url,
        previewUrl: images[0]?.url ?? best.url,
        qualities: withDashQualities(videos, media.video_dash_manifest),
        ...(audioUrl ? { audioUrl } : {}),
        ...(media.has_audio === false ? { silent: true as const } : {}),
      },
    ];
  }
  const best = images[0];
  if (!best) return [];
  return [
    { type: 'image', width: best.width, height: best.height, url: best.url, previewUrl: previewOf(images)!.url, qualities: images },
  ];
}

function toRendition(c: z.infer<typeof candidate>): RawRendition {
  return { url: c.url, width: c.width, height: c.height };
}

export function normalizeV1(value: unknown, context: NormalizeContext): RawResolution {
  const media = parseV1Media(value);
  const items = v1MediaItems(media);
  if (items.length === 0) throw new ExtractError('no_media', 'the media has no downloadable item');
  const kind = kindOf(media.product_type, context.linkKind);
  const shortcode = media.code ?? undefined;
  const username = media.user?.username ?? context.author?.username;
  if (!username) throw new ExtractError('changed', 'v1 media has no user');
  const caption = media.caption?.text;
  const takenAt = isoFromUnixSeconds(media.taken_at);
  const fullName = media.user?.full_name || context.author?.fullName;
  const avatarUrl = media.user?.profile_pic_url || context.author?.avatarUrl;
  const coauthors = coauthorsOf(value, username);
  return {
    kind,
    ...(shortcode && kind !== 'story' && kind !== 'highlight' ? { shortcode } : {}),
    sourceUrl: mediaSourceUrl(kind, shortcode, context.sourceUrl),
    author: { username, ...(fullName ? { fullName } : {}), ...(avatarUrl ? { avatarUrl } : {}), ...(coauthors ? { coauthors } : {}) },
    ...(caption ? { caption } : {}),
    ...(takenAt ? { takenAt } : {}),
    items,
  };
}
