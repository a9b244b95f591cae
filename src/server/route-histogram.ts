/**
 * The request-duration histogram (metrics.ts), observed once a request (http/request-metrics.ts). prom-client's
 * observe() checks and hashes a new label object on every call: about 2.5 µs of a cached resolve's CPU (issue 41
 * point 6). A label set it has seen is counted here straight into prom-client's own entry for it (the entry observe()
 * made, found again by method, route and status, whose strings repeat from request to request); a new one, or a
 * value observe() refuses, goes through observe(). reset() starts prom-client on a new map, and the entries found
 * are forgotten with it. route-histogram.test.ts holds its exposition to a plain Histogram's after the same
 * observations.
 */
import { Histogram } from 'prom-client';

type Labels = 'method' | 'route' | 'status';

/** What prom-client (15.1) keeps per label set, and where; read only through this shape. */
interface Entry {
  sum: number;
  count: number;
  bucketValues: Record<string, number>;
}
interface Internals {
  hashMap: Record<string, Entry | undefined>;
  upperBounds: readonly number[];
}

export class RouteHistogram extends Histogram<Labels> {
  /** route → status → method → entry: those strings are the same objects request after request, so no key is built. */
  private entries = new Map<string, Map<string, Map<string, Entry>>>();
  private entriesOf: object | undefined;
  /** The buckets' keys in prom-client's entries, as strings once rather than a number turned into one per request. */
  private bucketKeys: string[] | undefined;

  observeRequest(method: string, route: string, status: string, seconds: number): void {
    const { hashMap, upperBounds } = this as unknown as Internals;
    if (this.entriesOf !== hashMap) {
      this.entries = new Map();
      this.entriesOf = hashMap;
    }
    const entry = this.entries.get(route)?.get(status)?.get(method);
    if (entry === undefined || !Number.isFinite(seconds)) {
      this.observe({ method, route, status }, seconds);
      // prom-client's key: the label names sorted, each `name:value,`.
      const made = hashMap[`method:${method},route:${route},status:${status},`];
      if (made) {
        const byStatus = this.entries.get(route) ?? this.entries.set(route, new Map()).get(route)!;
        const byMethod = byStatus.get(status) ?? byStatus.set(status, new Map()).get(status)!;
        byMethod.set(method, made);
      }
      return;
    }
    entry.sum += seconds;
    entry.count += 1;
    const keys = (this.bucketKeys ??= upperBounds.map(String));
    for (let i = 0; i < upperBounds.length; i++) {
      if (seconds <= upperBounds[i]!) {
        entry.bucketValues[keys[i]!]! += 1;
        return;
      }
    }
  }
}
