/**
 * A function of a string remembered for the inputs it has seen: for values that repeat from request to request
 * (an Accept-Encoding header, a client address, a pasted link). Forgets everything when full rather than keeping
 * LRU order: cheap on the hot path, and a forgotten input only costs one more call.
 */
export function memoized<T>(compute: (input: string) => T, maxEntries: number): (input: string) => T {
  const seen = new Map<string, T>();
  return (input) => {
    const known = seen.get(input);
    if (known !== undefined || seen.has(input)) return known as T;
    const value = compute(input);
    if (seen.size >= maxEntries) seen.clear();
    seen.set(input, value);
    return value;
  };
}
