/**
 * What happens when a GraphQL strategy's doc id is refused (an `errors` answer, or one without `data`): find the
 * id in use now and retry once. First another request's or instance's find (memory, then the shared Redis hash);
 * then one discovery pass, single-flighted in the process and across instances (a Redis lock). A pass that finds
 * nothing new starts a 10-minute cool-down, shared too, so a broken Instagram is not re-read on every lookup.
 */
import type { Redis } from 'ioredis';
import { countDocIdDiscovery } from '../../../metrics.ts';
import type { UpstreamClient } from '../client.ts';
import { withInnerLookup } from '../../meta/egress/lookup-client.ts';
import { DOC_ID_OPERATIONS, type DocIdBook, type DocIdLogger, type DocIdOperation } from '../doc-ids.ts';
import { discoverDocIds, DISCOVERY_LIMITS, type DiscoveryLimits, type DiscoveryPass } from './discover-doc-ids.ts';

export const DISCOVERY_COOLDOWN_MS = 10 * 60 * 1000;
const LOCK_KEY = 'gramsave:doc-ids:discovering';
const COOLDOWN_KEY = 'gramsave:doc-ids:cooldown';

export interface DocIdHealerOptions {
  book: DocIdBook;
  client: UpstreamClient;
  redis?: Redis;
  logger: DocIdLogger;
  limits?: DiscoveryLimits;
  cooldownMs?: number;
}

export class DocIdHealer {
  private inFlight?: Promise<void>;
  private coolUntil = 0;
  /** The last pass, for check-live and the tests: how many upstream requests a rotation cost. */
  lastPass?: DiscoveryPass;

  constructor(private readonly options: DocIdHealerOptions) {}

  /**
   * The id to retry with after `failedId` was refused for `op`, or undefined when there is none. `signal`: the
   * deadline of the lookup that needed it (whose client and wait allowance the pass takes on).
   */
  async heal(op: DocIdOperation, failedId: string, pagePath: string, signal?: AbortSignal): Promise<string | undefined> {
    const { book } = this.options;
    const changed = () => (book.get(op).id !== failedId ? book.get(op).id : undefined);
    if (changed()) return changed();
    const shared = await book.shared(op);
    if (shared) {
      await book.adopt(op, shared, 'shared');
      countDocIdDiscovery('shared');
      return shared;
    }
    if (await this.coolingDown()) {
      countDocIdDiscovery('cooling_down');
      return undefined;
    }
    // A heal reserves its own maximum (10) beside the lookup that needed it, and gives back what it did not spend.
    if (!this.inFlight) {
      const passSignal = AbortSignal.timeout((this.options.limits ?? DISCOVERY_LIMITS).timeMs);
      this.inFlight = withInnerLookup('heal', signal, passSignal, () => this.discover(pagePath, passSignal)).finally(() => (this.inFlight = undefined));
    }
    await this.inFlight;
    return changed();
  }

  private async coolingDown(): Promise<boolean> {
    if (Date.now() < this.coolUntil) return true;
    const shared = await this.options.redis?.pttl(COOLDOWN_KEY).catch(() => -2);
    return typeof shared === 'number' && shared > 0;
  }

  private async discover(pagePath: string, signal: AbortSignal): Promise<void> {
    const { redis, book, client, logger } = this.options;
    const limits = this.options.limits ?? DISCOVERY_LIMITS;
    // Another instance is reading the bundles: wait for its find in the shared hash instead of reading them too.
    const lock = redis ? await redis.set(LOCK_KEY, String(process.pid), 'PX', limits.timeMs + 5000, 'NX').catch(() => 'OK') : 'OK';
    if (lock !== 'OK') return this.awaitOtherInstance(limits.timeMs);
    try {
      const pass = await discoverDocIds(client, pagePath, Object.values(DOC_ID_OPERATIONS), limits, signal);
      this.lastPass = pass;
      let rotated = 0;
      for (const [op, operation] of Object.entries(DOC_ID_OPERATIONS) as [DocIdOperation, string][]) {
        const id = pass.ids.get(operation);
        if (id && (await book.adopt(op, id, 'bundles'))) rotated++;
      }
      logger.info({ requests: pass.requests, bundles: pass.bundles, found: Object.fromEntries(pass.ids), rotated }, 'doc-id discovery pass');
      // The budget cut the pass short: what it did not read may hold the ids, so no cool-down; the lookup is told
      // when to come back instead of "Instagram changed".
      if (rotated === 0 && pass.refused) throw pass.refused;
      countDocIdDiscovery(rotated > 0 ? 'rotated' : 'nothing_new');
      if (rotated === 0) await this.coolDown();
    } finally {
      if (redis) await redis.del(LOCK_KEY).catch(() => undefined);
    }
  }

  private async awaitOtherInstance(timeMs: number): Promise<void> {
    const deadline = Date.now() + timeMs;
    while (Date.now() < deadline) {
      for (const op of Object.keys(DOC_ID_OPERATIONS) as DocIdOperation[]) {
        const shared = await this.options.book.shared(op);
        if (shared) await this.options.book.adopt(op, shared, 'shared');
      }
      if (!(await this.options.redis?.exists(LOCK_KEY).catch(() => 0))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async coolDown(): Promise<void> {
    const ms = this.options.cooldownMs ?? DISCOVERY_COOLDOWN_MS;
    this.coolUntil = Date.now() + ms;
    await this.options.redis?.set(COOLDOWN_KEY, '1', 'PX', ms).catch(() => undefined);
  }
}
