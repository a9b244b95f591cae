/** Strategy `graphql-web-info`: web GraphQL PolarisPostRootQuery → xdt_api__v1__media__shortcode__web_info.items[0] (v1 shape). */
import { canonicalUrl } from '../../../../shared/link.ts';
import { ExtractError } from '../../failure.ts';
import { dig, postGraphql } from '../graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
import { DOC_ID_OPERATIONS } from '../doc-ids.ts';
import type { PostStrategy } from '../strategy.ts';

export const graphqlWebInfo: PostStrategy = {
  name: 'graphql-web-info',
  // Relay operation PolarisPostRootQuery (DOC_ID_OPERATIONS.webInfo): on a refused doc id, discovery finds a rotated one in Instagram's bundles.
  docIdOperation: 'webInfo',
  async run(deps, target, signal) {
    const json = await postGraphql(
      deps,
      {
        path: '/graphql/query',
        docId: deps.docIds.webInfo,
        variables: { shortcode: target.shortcode },
        friendlyName: DOC_ID_OPERATIONS.webInfo,
        what: 'graphql-web-info',
        referer: canonicalUrl({ kind: target.linkKind, shortcode: target.shortcode }),
        // instaloader sends this query with X-CSRFToken (PR #2706); Instagram refuses it without one.
        needsCsrf: true,
      },
      signal,
    );
    const webInfo = dig(json, 'data', 'xdt_api__v1__media__shortcode__web_info');
    if (webInfo === null) throw new ExtractError('empty', 'graphql-web-info: web_info is null');
    const items = dig(webInfo, 'items');
    if (!Array.isArray(items)) throw new ExtractError('changed', 'graphql-web-info: no items');
    if (items.length === 0) throw new ExtractError('empty', 'graphql-web-info: no items');
    return normalizeV1(items[0], { linkKind: target.linkKind });
  },
};
