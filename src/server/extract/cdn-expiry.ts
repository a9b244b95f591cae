/** When a CDN URL stops working: the resolver's cache lifetime and media/token.ts's link lifetime both ask. */

/** The CDN URL's own expiry (`oe`, hex unix seconds), if it has one. */
export function cdnExpiry(url: string): number | undefined {
  try {
    const oe = new URL(url).searchParams.get('oe');
    if (!oe || !/^[0-9a-fA-F]{1,12}$/.test(oe)) return undefined;
    return parseInt(oe, 16);
  } catch {
    return undefined;
  }
}
