/**
 * RFC 9110 single byte-range handling for the fake CDN: `bytes=a-b`, `bytes=a-`, `bytes=-n`, If-Range.
 * Anything else (several ranges, other units, bad syntax) is ignored and the whole file is served,
 * which the RFC allows.
 */
export type RangeDecision = { kind: 'full' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(
  header: string | undefined,
  ifRange: string | undefined,
  size: number,
  etag: string,
  lastModified: string,
): RangeDecision {
  if (!header) return { kind: 'full' };
  // If-Range: the range applies only while the validator still matches (strong ETag or exact date).
  if (ifRange !== undefined && ifRange !== etag && ifRange !== lastModified) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
