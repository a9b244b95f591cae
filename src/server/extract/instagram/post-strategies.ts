/** The post strategies by name; the order they run in is configuration (IG_STRATEGIES). */
import type { StrategyName } from '../../config.ts';
import { embed } from './strategies/embed.ts';
import { graphqlShortcode } from './strategies/graphql-shortcode.ts';
import { graphqlWebInfo } from './strategies/graphql-web-info.ts';
import { mediaInfo } from './strategies/media-info.ts';
import { permalink } from './strategies/permalink.ts';
import { polarisMedia } from './strategies/polaris-media.ts';
import type { PostStrategy } from './strategy.ts';

export const POST_STRATEGIES: Record<StrategyName, PostStrategy> = {
  'graphql-shortcode': graphqlShortcode,
  'graphql-web-info': graphqlWebInfo,
  'polaris-media': polarisMedia,
  permalink,
  embed,
  'media-info': mediaInfo,
};
