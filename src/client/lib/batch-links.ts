/**
 * Several links in one box: a pasted block, one a line, or links separated by spaces or commas. Duplicates
 * (the same post with another query string, host spelling or trailing slash) are merged, and at most
 * MAX_BATCH_LINKS are kept, in the order given. One link is not a batch: the page behaves as it always did.
 */
export const MAX_BATCH_LINKS = 20;

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
