/**
 * Several links in one box: a pasted block, one a line, or links separated by spaces or commas. Duplicates
 * (the same post with another query string, host spelling or trailing slash) are merged, and at most
 * MAX_BATCH_LINKS are kept, in the order given. One link is not a batch: the page behaves as it always did.
 */
import { MAX_BATCH_LINKS } from '../../shared/api.ts';

export { MAX_BATCH_LINKS };

export interface SplitLinks {
  links: string[];
  /** How many distinct links were left out past the cap. */
  dropped: number;
}

/** What makes two links the same: no scheme, no www., no query or fragment, no trailing slash, any case. */
export function linkKey(link: string): string {
  return link
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/^@/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

export function splitLinks(text: string): SplitLinks {
  const seen = new Set<string>();
  const links: string[] = [];
  let dropped = 0;
  for (const part of text.split(/[\s,]+/)) {
    // A link copied from a sentence may carry the sentence's punctuation.
    const link = part.replace(/^[<("'“‘]+|[>)"'”’.;!?]+$/g, '');
    if (!link) continue;
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
 * accepts; words around them ("look:") are left out, while a broken link stays in to fail visibly. On the
 * profile form bare words are usernames, so there every word must be one ("not a user!" is one bad input).
 */
export function batchOf(text: string, valid: (part: string) => boolean, usernames: boolean): SplitLinks | null {
  const split = splitLinks(text);
  const links = split.links.filter((part) => valid(part) || /[./]/.test(part));
  if (links.filter(valid).length < 2) return null;
  if (usernames && !text.trim().split(/[\s,]+/).every(valid)) return null;
  return { links, dropped: split.dropped };
}
