/**
 * parseLink for the resolve route, remembered for recently seen (tool, url) pairs: a popular post is looked up
 * by the same pasted text again and again, and the parse (a scan for the link and a URL object) showed as 6 %
 * of a cached resolve's CPU. The results are plain data and never mutated.
 */
import { parseLink, type LinkParseResult } from '../../shared/link.ts';
import type { ToolId } from '../../shared/tools.ts';
import { memoized } from './memo.ts';

export function createLinkMemo(maxEntries = 2000): (url: string, tool: ToolId | undefined) => LinkParseResult {
  // One memo per tool (a handful, validated), so the pasted text itself is the key: no key string per lookup.
  const byTool = new Map<ToolId | undefined, (url: string) => LinkParseResult>();
  return (url, tool) => {
    let parse = byTool.get(tool);
    if (!parse) byTool.set(tool, (parse = memoized((text) => parseLink(text, { tool }), maxEntries)));
    return parse(url);
  };
}
