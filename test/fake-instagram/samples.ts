/**
 * The real captured Instagram responses (test/fake-instagram/samples, copied from the project's shared
 * protocol notes with their provenance README), loaded as parsed JSON. GRAMSAVE_SAMPLES_DIR overrides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const SAMPLES_DIR = process.env.GRAMSAVE_SAMPLES_DIR ?? path.resolve(here, 'samples');

export function sampleFiles(): string[] {
  return readdirSync(SAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
}

/** A fresh deep copy each call, so callers may change it. */
export function loadSample(file: string): unknown {
  return JSON.parse(readFileSync(path.join(SAMPLES_DIR, file), 'utf8'));
}

export const SAMPLE = {
  graphqlImage: 'post_image_GraphImage_B866lKJgReK__sharedData_2020.json',
  graphqlReel: 'post_reel_GraphVideo_clips_CDmDQNtlRYt__sharedData_2020.json',
  graphqlIgtv: 'post_igtv_GraphVideo_igtv_CAOK1qJgfRM__sharedData_2020.json',
  graphqlCarousel: 'post_carousel_GraphSidecar_mixed_CAanWEbg_do__sharedData_2020.json',
  graphqlReel2025: 'post_reel_GraphVideo_clips_DFp17y5MymE__graphql_2025.json',
  v1Image: 'v1_media_image_CjoroLDKakw_2022.json',
  v1Reel: 'v1_media_reel_clips_CjoJvU1oQuH_2022.json',
  v1Carousel: 'v1_media_carousel_mixed_Cji5EVwNDcC_2022.json',
  storiesTray: 'v1_feed_reels_tray_stories_2022.json',
  usersInfo: 'v1_users_info_2022.json',
  webProfileInfo: 'web_profile_info_user_2023.json',
} as const;

/** The shortcode_media inside a GraphQL sample, whichever wrapper it has. */
export function graphqlMediaOf(sample: unknown): Record<string, unknown> {
  const s = sample as { entry_data?: { PostPage?: { graphql: { shortcode_media: unknown } }[] }; graphql?: { shortcode_media: unknown } };
  const media = s.entry_data?.PostPage?.[0]?.graphql.shortcode_media ?? s.graphql?.shortcode_media;
  if (!media || typeof media !== 'object') throw new Error('not a GraphQL post sample');
  return media as Record<string, unknown>;
}
