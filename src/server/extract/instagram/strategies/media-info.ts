/** Strategy `media-info`: mobile REST GET {api}/api/v1/media/{pk}/info/ → items[0] (v1 shape); works mostly with a session. */
import { ExtractError } from '../../failure.ts';
import { dig } from '../graphql.ts';
import { normalizeV1 } from '../normalize-v1.ts';
import { readJson } from '../responses.ts';
import { shortcodeToPk } from '../shortcode.ts';
import type { PostStrategy } from '../strategy.ts';

export const mediaInfo: PostStrategy = {
  name: 'media-info',
  async run(deps, target, signal) {
    const pk = shortcodeToPk(target.shortcode);
    const res = await deps.client.send({ origin: 'api', path: `/api/v1/media/${pk}/info/`, session: true, signal });
    const items = dig(readJson(res, 'media-info'), 'items');
    if (!Array.isArray(items)) throw new ExtractError('changed', 'media-info: no items');
    if (items.length === 0) throw new ExtractError('not_found', 'media-info: no items');
    return normalizeV1(items[0], { linkKind: target.linkKind });
  },
};
