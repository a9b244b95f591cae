/**
 * A Threads post → RawResolution. The post is Instagram's v1 media (media_type 1, 2, 8: the shared v1 reader), or a
 * text post (media_type 19) that may carry a GIF (`giphy_media_info`), a quoted post
 * (`text_post_app_info.share_info.quoted_attachment_post`) or another post inline (`linked_inline_media`), or nothing
 * (cobalt PR #1558, yt-dlp PR #13512, FxEmbed's threads/processor.ts at 85ba21c; read 2026-11-27).
 */
import { z } from 'zod';
import { threadsUrl } from '../../../shared/link.ts';
import { ExtractError } from '../failure.ts';
import { parseV1Media, v1MediaItems } from '../meta/normalize-v1.ts';
import { isoFromUnixSeconds } from '../meta/renditions.ts';
import type { RawMediaItem, RawResolution } from '../raw.ts';

export const TEXT_ONLY_MESSAGE = 'This thread has no photo or video.';

/** GIPHY states sizes as strings, Meta's copy as numbers. */
const size = z.union([z.number(), z.string()]).nullish();
const gifRendition = z.object({ url: z.string().nullish(), mp4: z.string().nullish(), webp: z.string().nullish(), width: size, height: size }).nullish();
const giphy = z
  .object({
    images: z.object({ fixed_height: gifRendition }).nullish(),
    first_party_cdn_proxied_images: z.object({ fixed_height: gifRendition }).nullish(),
  })
  .nullish();

const threadsFields = z.object({
  code: z.string().nullish(),
  media_type: z.number().int(),
  giphy_media_info: giphy,
  text_post_app_info: z
    .object({
      share_info: z.object({ quoted_attachment_post: z.unknown().nullish(), quoted_post: z.unknown().nullish() }).nullish(),
      linked_inline_media: z.unknown().nullish(),
    })
    .nullish(),
});

/** A GIF as a video item: Meta's proxied copy when there is one, else GIPHY's MP4. */
function gifItem(info: z.infer<typeof giphy>): RawMediaItem | undefined {
  for (const rendition of [info?.first_party_cdn_proxied_images?.fixed_height, info?.images?.fixed_height]) {
    if (!rendition?.mp4) continue;
    const width = Number(rendition.width) || 0;
    const height = Number(rendition.height) || 0;
    return { type: 'video', width, height, url: rendition.mp4, previewUrl: rendition.webp ?? rendition.url ?? rendition.mp4, qualities: [{ url: rendition.mp4, width, height }], silent: true };
  }
  return undefined;
}

/** The items a post shows: its own media, its GIF, or the post it quotes or carries. */
function itemsOf(post: unknown, depth = 0): RawMediaItem[] {
  const fields = threadsFields.safeParse(post);
  if (!fields.success) throw new ExtractError('changed', `Threads post did not match: ${fields.error.issues[0]?.path.join('.')} ${fields.error.issues[0]?.message}`);
  const { media_type: type, giphy_media_info: gif, text_post_app_info: info } = fields.data;
  if (type !== 19) return v1MediaItems(parseV1Media(post));
  const item = gifItem(gif);
  if (item) return [item];
  const inner = info?.share_info?.quoted_attachment_post ?? info?.share_info?.quoted_post ?? info?.linked_inline_media;
  return inner && depth < 2 ? itemsOf(inner, depth + 1) : [];
}

export function normalizeThreadsPost(post: unknown): RawResolution {
  const media = parseV1Media(post);
  const items = itemsOf(post);
  if (items.length === 0) throw new ExtractError('no_media', 'a text-only thread', { userMessage: TEXT_ONLY_MESSAGE });
  const username = media.user?.username;
  if (!username || !media.code) throw new ExtractError('changed', 'Threads post has no code or user');
  const fullName = media.user?.full_name;
  const avatarUrl = media.user?.profile_pic_url;
  const takenAt = isoFromUnixSeconds(media.taken_at);
  return {
    kind: 'post',
    service: 'threads',
    shortcode: media.code,
    sourceUrl: threadsUrl(media.code, username),
    author: { username, ...(fullName ? { fullName } : {}), ...(avatarUrl ? { avatarUrl } : {}) },
    ...(media.caption?.text ? { caption: media.caption.text } : {}),
    ...(takenAt ? { takenAt } : {}),
    items,
  };
}
