/** What a post strategy is: one way to get a post's media, returning it normalised or a classified failure. */
import type { Config, StrategyName } from '../../config.ts';
import type { RawResolution } from '../raw.ts';
import type { UpstreamClient } from './client.ts';
import type { DocIdOperation } from './doc-ids.ts';
import type { RequestShapes } from './request-shapes/shape-health.ts';
import type { RequestShapeName } from './request-shapes/shapes.ts';
import type { TokenStore } from './tokens.ts';

export interface PostTarget {
  shortcode: string;
  linkKind: 'post' | 'reel' | 'igtv';
}

export interface InstagramDeps {
  client: UpstreamClient;
  tokens: TokenStore;
  docIds: Config['instagram']['docIds'];
  /** How each request shape of the GraphQL queries is doing (request-shapes/); absent: the page-tokens shape. */
  shapes?: RequestShapes;
  /** Send every GraphQL query in this shape (npm run check-live tries each). */
  shape?: RequestShapeName;
}

export interface PostStrategy {
  name: StrategyName;
  /** For GraphQL strategies: the doc id it sends (a refused one is replaced by discovery, then retried once). */
  docIdOperation?: DocIdOperation;
  /** Runs only with a live session (yt-dlp asks media info only when logged in): skipped, not failed, without one. */
  needsSession?: true;
  run(deps: InstagramDeps, target: PostTarget, signal: AbortSignal): Promise<RawResolution>;
}
