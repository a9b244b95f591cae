/**
 * Derived fixtures: the same post in the other shape, so every strategy of the fake can serve every post.
 * GraphQL (shortcode_media) ↔ v1 (media/info items[0]). Only the fields the PROTOCOL names are carried over.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const area = (c: Json) => (c.width ?? 0) * (c.height ?? 0);
const largest = (list: Json[]) => list.reduce<Json | undefined>((best, c) => (!best || area(c) > area(best) ? c : best), undefined);

function nodeToV1(node: Json): Json {
  const video = Boolean(node.is_video);
  const candidates = (node.display_resources ?? []).map((r: Json) => ({ url: r.src, width: r.config_width, height: r.config_height }));
  return {
    media_type: video ? 2 : 1,
    ...(node.id ? { pk: String(node.id), id: String(node.id) } : {}),
    original_width: node.dimensions?.width,
    original_height: node.dimensions?.height,
    image_versions2: { candidates: [...candidates].reverse() },
    ...(video
      ? {
          video_versions: [{ type: 101, url: node.video_url, width: node.dimensions?.width, height: node.dimensions?.height }],
          video_duration: node.video_duration,
          has_audio: node.has_audio ?? true,
          video_dash_manifest: node.dash_info?.video_dash_manifest ?? null,
        }
      : {}),
  };
}

export function graphqlToV1(media: Json): Json {
  const sidecar = /GraphSidecar$/.test(media.__typename);
  const owner = media.owner ?? {};
  const caption = media.edge_media_to_caption?.edges?.[0]?.node?.text;
  return {
    ...nodeToV1(media),
    media_type: sidecar ? 8 : media.is_video ? 2 : 1,
    pk: String(media.id),
    id: `${media.id}_${owner.id}`,
    code: media.shortcode,
    taken_at: media.taken_at_timestamp,
    product_type: media.product_type ?? (sidecar ? 'carousel_container' : 'feed'),
    user: { pk: owner.id, username: owner.username, full_name: owner.full_name, profile_pic_url: owner.profile_pic_url, is_private: owner.is_private ?? false },
    caption: caption ? { text: caption } : null,
    ...(sidecar ? { carousel_media: media.edge_sidecar_to_children.edges.map((e: Json) => nodeToV1(e.node)) } : {}),
  };
}

function itemToGraphql(item: Json): Json {
  const video = item.media_type === 2;
  const candidates: Json[] = item.image_versions2?.candidates ?? [];
  const bestImage = largest(candidates);
  const bestVideo = largest(item.video_versions ?? []);
  return {
    __typename: video ? 'XDTGraphVideo' : 'XDTGraphImage',
    ...(item.pk ? { id: String(item.pk) } : {}),
    is_video: video,
    display_url: bestImage?.url,
    display_resources: [...candidates]
      .sort((a, b) => area(a) - area(b))
      .map((c) => ({ src: c.url, config_width: c.width, config_height: c.height })),
    dimensions: { width: item.original_width ?? bestImage?.width, height: item.original_height ?? bestImage?.height },
    ...(video
      ? {
          video_url: bestVideo?.url,
          dimensions: { width: bestVideo?.width, height: bestVideo?.height },
          video_duration: item.video_duration,
          has_audio: item.has_audio ?? true,
          dash_info: { is_dash_eligible: Boolean(item.video_dash_manifest), video_dash_manifest: item.video_dash_manifest ?? null },
        }
      : {}),
  };
}

export function v1ToGraphql(media: Json): Json {
  const sidecar = media.media_type === 8;
  const user = media.user ?? {};
  return {
    ...itemToGraphql(media),
    __typename: sidecar ? 'XDTGraphSidecar' : media.media_type === 2 ? 'XDTGraphVideo' : 'XDTGraphImage',
    id: String(media.pk),
    shortcode: media.code,
    product_type: media.product_type,
    taken_at_timestamp: media.taken_at,
    owner: { id: String(user.pk), username: user.username, full_name: user.full_name, profile_pic_url: user.profile_pic_url, is_private: user.is_private ?? false },
    edge_media_to_caption: { edges: media.caption?.text ? [{ node: { text: media.caption.text } }] : [] },
    ...(sidecar ? { edge_sidecar_to_children: { edges: media.carousel_media.map((c: Json) => ({ node: itemToGraphql(c) })) } } : {}),
  };
}
