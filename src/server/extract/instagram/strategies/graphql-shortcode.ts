/** Strategy `graphql-shortcode`: web GraphQL PolarisPostActionLoadPostQueryQuery → data.xdt_shortcode_media (GraphQL shape). */
import { ExtractError } from '../../failure.ts';
import { dig, postGraphql } from '../graphql.ts';
import { normalizeGraphql } from '../normalize-graphql.ts';
import { DOC_ID_OPERATIONS } from '../doc-ids.ts';
import type { PostStrategy } from '../strategy.ts';

export const graphqlShortcode: PostStrategy = {
  name: 'graphql-shortcode',
  // Relay operation PolarisPostActionLoadPostQueryQuery (DOC_ID_OPERATIONS.shortcode): on a refused doc id, discovery finds a rotated one in Instagram's bundles.
  docIdOperation: 'shortcode',
  async run(deps, target, signal) {
    const json = await postGraphql(
      deps,
      {
        path: '/graphql/query',
        docId: deps.docIds.shortcode,
        variables: { shortcode: target.shortcode },
        friendlyName: DOC_ID_OPERATIONS.shortcode,
        what: 'graphql-shortcode',
      },
      signal,
    );
    const data = dig(json, 'data');
    if (!data || typeof data !== 'object' || !('xdt_shortcode_media' in data || 'shortcode_media' in data)) {
      throw new ExtractError('changed', 'graphql-shortcode: no data.xdt_shortcode_media key');
    }
    const media = dig(data, 'xdt_shortcode_media') ?? dig(data, 'shortcode_media');
    // null: no answer (since June 2026 this query answers null for every post) — normalizeGraphql reports `empty`.
    return normalizeGraphql(media, { linkKind: target.linkKind });
  },
};
