/**
 * One discovery pass: fetch an Instagram page (the post's own; `/` when that one is walled or names no bundle),
 * collect its script bundles on the static origin, and read them (a size cap each, a time cap for the pass, a few at a time) until every wanted Relay
 * operation's doc id is found.
 */
import { isBudgetRefusal, type ExtractError } from '../../failure.ts';
import type { UpstreamClient } from '../client.ts';
import { bundleUrls } from '../../meta/discovery/bundle-urls.ts';
import { findRelayDocIds } from '../../meta/discovery/relay-operations.ts';

export interface DiscoveryLimits {
  maxBundles: number;
  maxBundleBytes: number;
  /** The whole pass: page and bundles. */
  timeMs: number;
  concurrency: number;
}

export const DISCOVERY_LIMITS: DiscoveryLimits = { maxBundles: 80, maxBundleBytes: 6 * 1024 * 1024, timeMs: 15_000, concurrency: 4 };

export interface DiscoveryPass {
  /** operation name → doc id. */
  ids: Map<string, string>;
  /** Upstream requests made: the page and every bundle fetched. */
  requests: number;
  bundles: number;
  /**
   * This instance's own request budget refused a request of the pass (IG_EGRESS_PER_MIN): the pass read less than it
   * meant to, so finding nothing says nothing about Instagram. The lookup answers with this refusal (429 and when to
   * come back), and no cool-down starts.
   */
  refused?: ExtractError;
}

export async function discoverDocIds(
  client: UpstreamClient,
  pagePath: string,
  operations: readonly string[],
  limits: DiscoveryLimits = DISCOVERY_LIMITS,
  /** The pass's deadline (a heal's carries its lookup: lookup-client.ts). */
  signal: AbortSignal = AbortSignal.timeout(limits.timeMs),
): Promise<DiscoveryPass> {
  const pass: DiscoveryPass = { ids: new Map(), requests: 0, bundles: 0 };
  const staticOrigin = client.options.staticOrigin;
  if (!staticOrigin) return pass;
  // A request that failed is skipped, except the budget's refusal: the pass stops on it.
  const skip = (err: unknown): undefined => {
    if (isBudgetRefusal(err)) pass.refused ??= err;
    return undefined;
  };
  const bundlesOf = async (path: string): Promise<string[]> => {
    pass.requests++;
    const page = await client.send({ origin: 'web', path, xhr: false, signal }).catch(skip);
    return page?.status === 200 ? bundleUrls(page.body, client.options.webOrigin + path, staticOrigin, limits.maxBundles) : [];
  };
  // A logged-out egress often gets the post's page as a login wall; the home page still loads there and names the
  // same bundles (issue 36, fact 10).
  let queue = await bundlesOf(pagePath);
  if (queue.length === 0 && pagePath !== '/' && !pass.refused) queue = await bundlesOf('/');
  pass.bundles = queue.length;
  const wanted = () => operations.filter((op) => !pass.ids.has(op));
  const worker = async () => {
    for (let url = queue.shift(); url && !signal.aborted && !pass.refused && wanted().length > 0; url = queue.shift()) {
      pass.requests++;
      const bundle = await client
        .send({ origin: 'static', path: url.slice(staticOrigin.length), xhr: false, signal, maxBytes: limits.maxBundleBytes })
        .catch(skip);
      if (bundle?.status !== 200) continue;
      for (const [op, id] of findRelayDocIds(bundle.body, wanted())) pass.ids.set(op, id);
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  return pass;
}
