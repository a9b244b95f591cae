/**
 * A pasted link (and the tool it was pasted into) → its RawResolution, or the API error a visitor should see:
 * invalid or unsupported links, and the resolver's failures in the API's terms. The resolve route and the
 * batch routes share it, so a link fails the same way everywhere.
 */
import type { ToolId } from '../../shared/tools.ts';
import { ExtractError, toApiError } from '../extract/failure.ts';
import type { RawResolution } from '../extract/raw.ts';
import type { Resolver } from '../extract/resolver.ts';
import { ApiError } from './api-error.ts';
import { createLinkMemo } from './link-memo.ts';

export type LinkResolver = (url: string, tool: ToolId | undefined) => Promise<RawResolution>;

export function createLinkResolver(resolver: Resolver): LinkResolver {
  const parseLink = createLinkMemo();
  return async (url, tool) => {
    const parsed = parseLink(url, tool);
    if (!parsed.ok) {
      if (parsed.error === 'unsupported') {
        throw new ApiError('unsupported', 'This kind of Instagram link is not supported. Paste a link to a post, reel, IGTV video, story, highlight or profile.');
      }
      throw new ApiError('invalid_url', tool === 'profile' ? 'Please enter a valid Instagram profile URL or username' : 'Please enter a valid Instagram URL');
    }
    try {
      return await resolver.resolve(parsed.link);
    } catch (err) {
      if (err instanceof ExtractError) throw toApiError(err);
      throw err;
    }
  };
}
