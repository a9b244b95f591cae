/**
 * A request is counted once against a limit, whichever way through the server asks first: the resolve lane
 * (resolve-lane/) counts before it knows whether it can answer, and a request it hands to the full way is asked again
 * there, by the same hook that counts every other request. The second asking gets the first count. The count is kept
 * on the request itself, under a symbol of its own (a WeakMap keyed by short-lived requests gives the garbage
 * collector ephemerons to trace; this measured no different here, so it is the simpler of the two, not a gain).
 */
export type CountOnce<T> = (request: object, count: (callback: (result: T) => void) => void, callback: (result: T) => void) => void;

export function countOnce<T>(name: string): CountOnce<T> {
  const counted = Symbol(name);
  return (request, count, callback) => {
    const kept = request as { [counted]?: T };
    if (counted in kept) return callback(kept[counted] as T);
    count((result) => {
      kept[counted] = result;
      callback(result);
    });
  };
}
