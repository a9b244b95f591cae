/**
 * Strategy `polaris-media`: logged-out Polaris query by media pk → xig_polaris_media.if_not_gated_logged_out (v1 shape).
 * A null media or a gated one is an empty answer; HTML instead of JSON (no browser TLS) is `changed`.
 */
import { canonicalUrl } from '../../../../shared/link.ts';
import { ExtractError } from '../../failure.ts';
import { dig, postGraphql } from '../graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
import { shortcodeToPk } from '../../../../shared/shortcode.ts';
import { DOC_ID_OPERATIONS } from '../doc-ids.ts';
import type { PostStrategy } from '../strategy.ts';

export const polarisMedia: PostStrategy = {
  name: 'polaris-media',
  // Relay operation PolarisLoggedOutDesktopWWWPostRootContentQuery (DOC_ID_OPERATIONS.polaris): on a refused doc id, discovery finds a rotated one in Instagram's bundles.
  docIdOperation: 'polaris',
  async run(deps, target, signal) {
    const json = await postGraphql(
      deps,
      {
        path: '/api/graphql',
        docId: deps.docIds.polaris,
        variables: { media_id: shortcodeToPk(target.shortcode) },
        friendlyName: DOC_ID_OPERATIONS.polaris,
        what: 'polaris-media',
        // yt-dlp's 2026 request: the post's own URL as Referer, X-CSRFToken only when Instagram granted one.
        referer: canonicalUrl({ kind: target.linkKind, shortcode: target.shortcode }),
      },
      signal,
    );
    const data = dig(json, 'data');
    if (!data || typeof data !== 'object' || !('xig_polaris_media' in data)) {
      throw new ExtractError('changed', 'polaris-media: no data.xig_polaris_media key');
    }
    const polaris = dig(data, 'xig_polaris_media');
    if (polaris === null) throw new ExtractError('empty', 'polaris-media: xig_polaris_media is null');
    return normalizeV1(dig(polaris, 'if_not_gated_logged_out'), { linkKind: target.linkKind });
  },
};
