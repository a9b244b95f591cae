/**
 * Several links in one box: a pasted block, one a line, or links separated by spaces or commas. Duplicates
 * (the same post with another query string, host spelling or trailing slash) are merged, and at most
 * MAX_BATCH_LINKS are kept, in the order given. One link is not a batch: the page behaves as it always did.
 * How a box is read, and what is left out and why, is link-list.ts.
 */
import { MAX_BATCH_LINKS } from '../../shared/api.ts';
import { entriesOf, entryKey, readLinkList, type LeftOut } from './link-list.ts';

export { MAX_BATCH_LINKS };

export interface SplitLinks {
  links: string[];
  /** How many distinct links were left out past the cap. */
  dropped: number;
}

export interface Batch extends SplitLinks {
  /** Every entry left out of the batch, with why. */
  leftOut: LeftOut[];
}

/** What makes two links the same: no scheme, no www., no query or fragment, no trailing slash, any case. */
export const linkKey = entryKey;

export function splitLinks(text: string): SplitLinks {
  const seen = new Set<string>();
  const links: string[] = [];
  let dropped = 0;
  for (const link of entriesOf(text)) {
    const key = linkKey(link);
    if (seen.has(key)) continue;
    seen.add(key);
    if (links.length < MAX_BATCH_LINKS) links.push(link);
    else dropped++;
  }
  return { links, dropped };
}

/**
 * The batch a box holds, or null when it is one input to check as always. A batch needs two links the form
 * accepts; everything else ("look:", another site, an @name on a link form, a repeat) is left out and listed.
 * On the profile form bare words are usernames, so there every word must be one ("not a user!" is one bad input).
 */
export function batchOf(text: string, valid: (part: string) => boolean, usernames: boolean): Batch | null {
  const list = readLinkList(text, valid, usernames);
  if (list.links.length < 2) return null;
  if (usernames && !text.trim().split(/[\s,]+/).every(valid)) return null;
  return { links: list.links, dropped: list.leftOut.filter((e) => e.reason === 'overCap').length, leftOut: list.leftOut };
}
