/**
 * The request budget of each egress (IG_EGRESS_PER_MIN). A request takes a token; when none is left it waits, for at
 * most IG_EGRESS_MAX_WAIT_MS, then gives up as rate_limited with a Retry-After that says when its turn would come.
 * The wait is fair under a flood: each token goes to the waiting client that asked for the fewest in the last
 * minute (ask-ledger.ts), and a client may hold at most MAX_WAITING_PER_CLIENT waiting requests (more are refused at
 * once), so twenty addresses asking for missing posts cannot keep a visitor who asks little waiting. Cache hits and
 * single-flight joins send nothing, so they cost nothing.
 */
import { countEgress } from '../../../metrics.ts';
import { ExtractError } from '../../failure.ts';
import type { BudgetStore } from './budget-store.ts';
import { MemoryAskLedger, type AskLedger } from './ask-ledger.ts';

/** A couple: a page's lookup and the batch beside it; a scraper's hundredth parallel request is refused, not queued. */
export const MAX_WAITING_PER_CLIENT = 2;
/** How long the budget counts as saturated after it last ran out under a waiting lookup. */
export const SATURATED_FOR_MS = 10_000;

interface Waiter {
  client: string;
  label: string;
  /** Arrival order: the tie-break between clients that asked as much. */
  seq: number;
  grant(): void;
  done: boolean;
}

export class EgressBudget {
  /** Waiting requests per egress, in arrival order (those that gave up are dropped as the pump passes). */
  private readonly queues = new Map<string, Waiter[]>();
  private readonly waitingByClient = new Map<string, number>();
  private readonly pumping = new Set<string>();
  private readonly intervalMs: number;
  private seq = 0;
  /** Every egress asked through, and when the budget last refused a lookup for want of a token. */
  private readonly seen = new Set<string>();
  private lastSpentAt = -Infinity;

  constructor(
    private readonly store: BudgetStore,
    private readonly options: { perMinute: number; maxWaitMs: number },
    private readonly ledger: AskLedger = new MemoryAskLedger(),
  ) {
    this.intervalMs = 60_000 / options.perMinute;
  }

  /** Requests waiting for `egress`'s budget. */
  waiting(egress: string): number {
    return (this.queues.get(egress) ?? []).filter((w) => !w.done).length;
  }

  /**
   * Resolves when this request may go out through `egress`; rejects as rate_limited when it may not soon. `signal`
   * ends the wait early (the lookup's own deadline).
   */
  async acquire(egress: string, label: string, client: string, signal?: AbortSignal): Promise<void> {
    this.seen.add(egress);
    this.ledger.record(client);
    if (this.waiting(egress) === 0 && (await this.store.take(egress)) === 0) {
      this.granted(label);
      return;
    }
    const held = this.waitingByClient.get(client) ?? 0;
    if (held >= MAX_WAITING_PER_CLIENT) {
      countEgress(label, 'refusal');
      throw this.refusal(label, `${held} requests of this client already wait for the request budget`, held);
    }
    countEgress(label, 'wait');
    this.waitingByClient.set(client, held + 1);
    await new Promise<void>((resolve, reject) => {
      const finish = () => {
        waiter.done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const left = (this.waitingByClient.get(client) ?? 1) - 1;
        if (left > 0) this.waitingByClient.set(client, left);
        else this.waitingByClient.delete(client);
      };
      const waiter: Waiter = {
        client,
        label,
        seq: this.seq++,
        done: false,
        grant: () => {
          finish();
          this.granted(label);
          resolve();
        },
      };
      const giveUp = (why: string) => {
        if (waiter.done) return;
        finish();
        countEgress(label, 'refusal');
        reject(this.refusal(label, why, this.waiting(egress)));
      };
      const onAbort = () => giveUp('the lookup ended while it waited for the request budget');
      const timer = setTimeout(() => {
        if (!waiter.done) this.lastSpentAt = Date.now();
        giveUp(`request budget spent (${this.options.perMinute}/min)`);
      }, this.options.maxWaitMs);
      timer.unref?.();
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let queue = this.queues.get(egress);
      if (!queue) this.queues.set(egress, (queue = []));
      queue.push(waiter);
      void this.pump(egress);
    });
  }

  /**
   * How saturated the budget is: 0 while a newcomer would be served within IG_EGRESS_MAX_WAIT_MS through some egress
   * (a quiet instance), else how many times that wait its turn would take (at least 1), and 1 for SATURATED_FOR_MS
   * after the budget last ran out under a waiting lookup. The access gate and the challenge's cost read it.
   */
  saturation(now = Date.now()): number {
    let least = Infinity;
    for (const egress of this.seen) least = Math.min(least, ((this.waiting(egress) + 1) * this.intervalMs) / this.options.maxWaitMs);
    if (this.seen.size === 0) least = 0;
    const queued = least > 1 ? least : 0;
    return Math.max(queued, now - this.lastSpentAt < SATURATED_FOR_MS ? 1 : 0);
  }

  /** Only requests that go out are counted as requests (a refused one is a refusal, not a request). */
  private granted(label: string): void {
    countEgress(label, 'request');
  }

  /** Its turn would come after those still waiting: that is when a slot frees up for it. */
  private refusal(label: string, why: string, ahead: number): ExtractError {
    return new ExtractError('rate_limited', `egress ${label}: ${why}`, {
      retryAfterSeconds: Math.max(1, Math.ceil(((ahead + 1) * this.intervalMs) / 1000)),
      source: 'instance',
    });
  }

  /** Serve an egress's waiting requests as tokens come: one pump per egress. */
  private async pump(egress: string): Promise<void> {
    if (this.pumping.has(egress)) return;
    this.pumping.add(egress);
    try {
      for (;;) {
        const live = this.live(egress);
        if (live.length === 0) break;
        const wait = await this.store.take(egress);
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 250)));
          continue;
        }
        const next = await this.askedLeast(egress);
        next?.grant();
      }
    } finally {
      this.pumping.delete(egress);
    }
  }

  /** The egress's live waiters (and the queue cleared of those that gave up). */
  private live(egress: string): Waiter[] {
    const queue = (this.queues.get(egress) ?? []).filter((w) => !w.done);
    if (queue.length === 0) this.queues.delete(egress);
    else this.queues.set(egress, queue);
    return queue;
  }

  /** The first-come waiter of the client that asked least in the last minute. */
  private async askedLeast(egress: string): Promise<Waiter | undefined> {
    const clients = [...new Set(this.live(egress).map((w) => w.client))];
    const counts = await this.ledger.counts(clients);
    const asked = new Map(clients.map((c, i) => [c, counts[i] ?? 0]));
    const rank = (w: Waiter) => asked.get(w.client) ?? 0; // a client that came during the count was not counted
    let best: Waiter | undefined;
    for (const w of this.live(egress)) {
      if (!best || rank(w) < rank(best) || (rank(w) === rank(best) && w.seq < best.seq)) best = w;
    }
    return best;
  }
}
