/**
 * The GraphQL media shape (xdt_shortcode_media, embed gql_data, legacy _sharedData) → RawResolution.
 * __typename GraphImage|GraphVideo|GraphSidecar, with or without the XDT prefix.
 */
import { z } from 'zod';
import type { RawMediaItem, RawRendition, RawResolution } from '../raw.ts';
import { ExtractError } from '../failure.ts';
import { kindOf, mediaSourceUrl, type NormalizeContext } from '../meta/media-kind.ts';
import { withDashQualities } from '../meta/dash-video.ts';
import { dashAudioUrl, isoFromUnixSeconds, previewOf, rankRenditions } from '../meta/renditions.ts';
import { coauthorsOf } from '../meta/coauthors.ts';

const dimensions = z.object({ width: z.number(), height: z.number() });

const graphqlNode = z.object({
  __typename: z.string(),
  is_video: z.boolean().nullish(),
  video_url: z.string().nullish(),
  display_url: z.string().nullish(),
  display_resources: z
    .array(z.object({ src: z.string().min(1), config_width: z.number(), config_height: z.number() }))
    .nullish(),
  dimensions: dimensions.nullish(),
  video_duration: z.number().nullish(),
  has_audio: z.boolean().nullish(),
  dash_info: z.object({ video_dash_manifest: z.string().nullish() }).nullish(),
});

const graphqlMedia = graphqlNode.extend({
  shortcode: z.string().nullish(),
  product_type: z.string().nullish(),
  taken_at_timestamp: z.number().nullish(),
  owner: z
    .object({
      username: z.string(),
      full_name: z.string().nullish(),
      profile_pic_url: z.string().nullish(),
      is_private: z.boolean().nullish(),
    })
    .nullish(),
  edge_media_to_caption: z.object({ edges: z.array(z.object({ node: z.object({ text: z.string() }) })) }).nullish(),
  edge_sidecar_to_children: z.object({ edges: z.array(z.object({ node: graphqlNode })) }).nullish(),
});

type GraphqlNode = z.infer<typeof graphqlNode>;

const typeName = (node: GraphqlNode) => node.__typename.replace(/^XDT/, '');

function nodeItem(node: GraphqlNode): RawMediaItem | undefined {
  const images = rankRenditions(
    (node.display_resources ?? []).map((r): RawRendition => ({ url: r.src, width: r.config_width, height: r.config_height })),
  );
  if (images.length === 0 && node.display_url) {
    images.push({ url: node.display_url, width: node.dimensions?.width ?? 0, height: node.dimensions?.height ?? 0 });
  }
  if (node.is_video || typeName(node) === 'GraphVideo') {
    if (!node.video_url) return undefined;
    const video: RawRendition = { url: node.video_url, width: node.dimensions?.width ?? 0, height: node.dimensions?.height ?? 0 };
    const audioUrl = node.has_audio === false ? undefined : dashAudioUrl(node.dash_info?.video_dash_manifest);
    return {
      type: 'video',
      ...(video.width ? { width: video.width, height: video.height } : {}),
      ...(node.video_duration ? { durationSeconds: node.video_duration } : {}),
      url: video.url,
      previewUrl: images[0]?.url ?? node.display_url ?? video.url,
      qualities: withDashQualities([video], node.dash_info?.video_dash_manifest),
      ...(audioUrl ? { audioUrl } : {}),
      ...(node.has_audio === false ? { silent: true as const } : {}),
    };
  }
  const best = images[0];
  if (!best) return undefined;
  return { type: 'image', width: best.width, height: best.height, url: best.url, previewUrl: previewOf(images)!.url, qualities: images };
}

export function normalizeGraphql(value: unknown, context: NormalizeContext): RawResolution {
  if (value === null || value === undefined) throw new ExtractError('empty', 'the answer has no media (null)');
  const parsed = graphqlMedia.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExtractError('changed', `GraphQL media did not match: ${issue?.path.join('.')} ${issue?.message}`);
  }
  const media = parsed.data;
  const nodes = typeName(media) === 'GraphSidecar' ? (media.edge_sidecar_to_children?.edges ?? []).map((e) => e.node) : [media];
  const items = nodes.map(nodeItem);
  // A carousel item without its file is not dropped in silence (cobalt PR #1554: embed videos lack video_url).
  const missing = items.findIndex((item) => item === undefined);
  if (nodes.length > 1 && missing >= 0) throw new ExtractError('changed', `carousel item ${missing + 1} of ${nodes.length} has no playable file`);
  if (missing >= 0 || items.length === 0) throw new ExtractError('no_media', 'the media has no downloadable item');
  const username = media.owner?.username ?? context.author?.username;
  if (!username) throw new ExtractError('changed', 'GraphQL media has no owner');
  const kind = kindOf(media.product_type, context.linkKind);
  const shortcode = media.shortcode ?? undefined;
  const caption = media.edge_media_to_caption?.edges[0]?.node.text;
  const takenAt = isoFromUnixSeconds(media.taken_at_timestamp);
  const fullName = media.owner?.full_name || context.author?.fullName;
  const avatarUrl = media.owner?.profile_pic_url || context.author?.avatarUrl;
  const coauthors = coauthorsOf(value, username);
  return {
    kind,
    ...(shortcode ? { shortcode } : {}),
    sourceUrl: mediaSourceUrl(kind, shortcode, context.sourceUrl),
    author: { username, ...(fullName ? { fullName } : {}), ...(avatarUrl ? { avatarUrl } : {}), ...(coauthors ? { coauthors } : {}) },
    ...(caption ? { caption } : {}),
    ...(takenAt ? { takenAt } : {}),
    items: items as RawMediaItem[],
  };
}
