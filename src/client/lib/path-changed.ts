/**
 * Whether a page's data must be read again on a navigation: the home and tool pages read theirs from the path
 * alone, so a lookup written into the address (?url=, issue 37 point 9) changes nothing to fetch.
 */
export function pathChanged({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}
