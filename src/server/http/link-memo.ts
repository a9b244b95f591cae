/**
 * parseLink for the resolve route, remembered for recently seen (tool, url) pairs: a popular post is looked up
 * by the same pasted text again and again, and the parse (a scan for the link and a URL object) showed as 6 %
 * of a cached resolve's CPU. The results are plain data and never mutated.
 */
import { parseLink, type LinkParseResult } from '../../shared/link.ts';
import type { ToolId } from '../../shared/tools.ts';

export function createLinkMemo(maxEntries = 2000): (url: string, tool: ToolId | undefined) => LinkParseResult {
  const seen = new Map<string, LinkParseResult>();
  return (url, tool) => {
    const key = `${tool ?? ''} ${url}`;
    const known = seen.get(key);
    if (known) return known;
    const parsed = parseLink(url, { tool });
    // Cleared when full rather than kept in LRU order: cheap, and a miss only costs one parse.
    if (seen.size >= maxEntries) seen.clear();
    seen.set(key, parsed);
    return parsed;
  };
}
