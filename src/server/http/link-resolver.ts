/**
 * A pasted link (and the tool it was pasted into) → its RawResolution, or the API error a visitor should see:
 * invalid or unsupported links, and the resolver's failures in the API's terms. The resolve route and the
 * batch routes share it, so a link fails the same way everywhere.
 */
import { serviceOf, type ParsedLink } from '../../shared/link.ts';
import type { ToolId } from '../../shared/tools.ts';
import { ExtractError, toApiError } from '../extract/failure.ts';
import type { RawResolution } from '../extract/raw.ts';
import type { Resolver } from '../extract/resolver.ts';
import { ApiError } from '../errors/api-error.ts';
import { createLinkMemo } from './link-memo.ts';

/** `client`: who asks (the rate-limit key), so the egress budget can queue fairly across clients. */
export type LinkResolver = (url: string, tool: ToolId | undefined, client?: string) => Promise<RawResolution>;

/**
 * The resolve route's form: an answer this process holds comes back as it is, not in a promise (a cached
 * resolve is mostly such hits, and each promise and await on its path showed in its profile). May throw.
 */
export type LinkLookup = (url: string, tool: ToolId | undefined, client?: string) => RawResolution | Promise<RawResolution>;

/** A Threads link's failures say so (`service`), so the page can word them for Threads. */
const inApiTerms =
  (link: ParsedLink) =>
  (err: unknown): never => {
    throw err instanceof ExtractError ? toApiError(err, serviceOf(link) === 'threads' ? 'threads' : undefined) : err;
  };

/** What this process holds for a link, without looking anything up: undefined for a link it does not hold or cannot read. */
export type CachedLink = (url: string, tool: ToolId | undefined) => RawResolution | undefined;

/** The lookup, and the peek the resolve lane answers from (one link memo for both). */
export function createLinkLookups(resolver: Resolver): { lookUp: LinkLookup; cached: CachedLink } {
  const parseLink = createLinkMemo();
  const cached: CachedLink = (url, tool) => {
    const parsed = parseLink(url, tool);
    return parsed.ok ? resolver.cachedNow(parsed.link) : undefined;
  };
  const lookUp: LinkLookup = (url, tool, client) => {
    const parsed = parseLink(url, tool);
    if (!parsed.ok) {
      if (parsed.error === 'unsupported') {
        throw new ApiError('unsupported', 'This kind of link is not supported. Paste a link to an Instagram post, reel, IGTV video, story, highlight or profile, or to a thread on Threads.');
      }
      throw new ApiError('invalid_url', tool === 'profile' ? 'Please enter a valid Instagram profile URL or username' : 'Please enter a valid Instagram or Threads link');
    }
    return resolver.cachedNow(parsed.link) ?? resolver.resolve(parsed.link, client).catch(inApiTerms(parsed.link));
  };
  return { lookUp, cached };
}

export function createLinkResolver(resolver: Resolver): LinkResolver {
  const { lookUp } = createLinkLookups(resolver);
  return async (url, tool, client) => lookUp(url, tool, client);
}
