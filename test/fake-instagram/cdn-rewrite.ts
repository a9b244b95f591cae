/**
 * Every CDN URL the fake serves points at the fake CDN:
 * `${cdnOrigin}/${originalHost}${originalPath}?${originalQuery with oe replaced}`, where `oe` is hex unix
 * seconds (3 days ahead normally, an hour ago for the 'expired' switch). Works inside XML (`&amp;`) too. GIPHY's
 * hosts too: a Threads GIF may be GIPHY's own file.
 */
const CDN_URL = /https?:\/\/([a-z0-9.-]+\.(?:cdninstagram\.com|fbcdn\.net|giphy\.com))(\/[^\s"'<>\\]*)/gi;

export function rewriteCdnUrl(host: string, pathAndQuery: string, cdnOrigin: string, oe: number): string {
  const encoded = pathAndQuery.includes('&amp;');
  const plain = encoded ? pathAndQuery.replace(/&amp;/g, '&') : pathAndQuery;
  const q = plain.indexOf('?');
  const path = q === -1 ? plain : plain.slice(0, q);
  const query = q === -1 ? '' : plain.slice(q + 1);
  const hex = oe.toString(16).toUpperCase();
  const newQuery = /(^|&)oe=[^&]*/.test(query) ? query.replace(/(^|&)oe=[^&]*/, `$1oe=${hex}`) : `${query}${query ? '&' : ''}oe=${hex}`;
  const url = `${cdnOrigin}/${host}${path}?${newQuery}`;
  return encoded ? url.replace(/&/g, '&amp;') : url;
}

export function rewriteCdnText(text: string, cdnOrigin: string, oe: number): string {
  return text.replace(CDN_URL, (_match, host: string, rest: string) => rewriteCdnUrl(host, rest, cdnOrigin, oe));
}

/** A deep copy of a JSON value with every CDN URL inside its strings rewritten. */
export function rewriteCdnJson<T>(value: T, cdnOrigin: string, oe: number): T {
  if (typeof value === 'string') return rewriteCdnText(value, cdnOrigin, oe) as T;
  if (Array.isArray(value)) return value.map((v) => rewriteCdnJson(v, cdnOrigin, oe)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewriteCdnJson(v, cdnOrigin, oe);
    return out as T;
  }
  return value;
}

export function oeFor(expired: boolean, nowMs = Date.now()): number {
  const now = Math.floor(nowMs / 1000);
  return expired ? now - 3600 : now + 3 * 24 * 3600;
}
