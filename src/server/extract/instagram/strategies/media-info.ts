/**
 * Strategy `media-info`: REST GET {web}/api/v1/media/{pk}/info/ → items[0] (v1 shape), with the session: Instagram
 * answers it logged in, so without a live session it does not run (its "login required" would say nothing of the post).
 */
import { ExtractError } from '../../failure.ts';
import { dig } from '../graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
import { readJson } from '../responses.ts';
import { shortcodeToPk } from '../../../../shared/shortcode.ts';
import type { PostStrategy } from '../strategy.ts';

export const mediaInfo: PostStrategy = {
  name: 'media-info',
  needsSession: true,
  async run(deps, target, signal) {
    const pk = shortcodeToPk(target.shortcode);
    const res = await deps.client.send({ origin: 'web', path: `/api/v1/media/${pk}/info/`, session: true, signal });
    const items = dig(readJson(res, 'media-info'), 'items');
    if (!Array.isArray(items)) throw new ExtractError('changed', 'media-info: no items');
    if (items.length === 0) throw new ExtractError('empty', 'media-info: no items');
    return normalizeV1(items[0], { linkKind: target.linkKind });
  },
};
