/**
 * parseLink for the resolve route, remembered for recently seen (tool, url) pairs: a popular post is looked up
 * by the same pasted text again and again, and the parse (a scan for the link and a URL object) showed as 6 %
 * of a cached resolve's CPU. The results are plain data and never mutated.
 */
import { parseLink, type LinkParseResult } from '../../shared/link.ts';
import type { ToolId } from '../../shared/tools.ts';

export function createLinkMemo(maxEntries = 2000): (url: string, tool: ToolId | undefined) => LinkParseResult {
  // One map per tool (a handful, validated), so the pasted text itself is the key: no key string built per lookup.
  const byTool = new Map<ToolId | undefined, Map<string, LinkParseResult>>();
  let size = 0;
  return (url, tool) => {
    const seen = byTool.get(tool);
    const known = seen?.get(url);
    if (known) return known;
    const parsed = parseLink(url, { tool });
    // Cleared when full rather than kept in LRU order: cheap, and a miss only costs one parse.
    if (size >= maxEntries) {
      byTool.clear();
      size = 0;
    }
    const into = byTool.get(tool) ?? new Map<string, LinkParseResult>();
    byTool.set(tool, into);
    into.set(url, parsed);
    size++;
    return parsed;
  };
}
