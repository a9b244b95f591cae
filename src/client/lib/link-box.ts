/**
 * The link box's handling of lists: how a paste goes into the box, and what the box says it found. The rules of
 * what counts are link-list.ts's; this decides when the box is a list at all.
 */
import { entriesOf, readLinkList, type LinkList } from './link-list.ts';

/**
 * The text to put in the box for a paste that holds a list, one entry a line (a line holding several links is
 * split, other lines stay as they are); null for a paste of one line with at most one link (the browser's own).
 */
export function pastedList(text: string, valid: (entry: string) => boolean): string | null {
  const lines = text
    .trim()
    .split(/\s*[\r\n]+\s*/)
    .filter(Boolean);
  const split = lines.map((line) => {
    const entries = entriesOf(line);
    return entries.filter(valid).length > 1 ? entries.join('\n') : line;
  });
  return lines.length > 1 || split[0] !== lines[0] ? split.join('\n') : null;
}

/** What the box holds when it is a list (more than one entry, one link at least); null otherwise. */
export function listedLinks(text: string, valid: (entry: string) => boolean, usernames: boolean): LinkList | null {
  if (entriesOf(text).length < 2) return null;
  // On the profile form a word is a name: one that is no name makes the box one bad input, not a list (batchOf).
  if (usernames && !text.trim().split(/[\s,]+/).every(valid)) return null;
  const list = readLinkList(text, valid, usernames);
  return list.links.length > 0 ? list : null;
}
