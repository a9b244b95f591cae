/**
 * The request budget of each egress (IG_EGRESS_PER_MIN). A request takes a token; when none is left it waits in a
 * queue that is fair across clients (their waiting requests are served in turn, one client's burst does not starve
 * the others), for at most IG_EGRESS_MAX_WAIT_MS, then gives up as rate_limited with a Retry-After that says when
 * its turn would come. Cache hits and single-flight joins send nothing, so they cost nothing.
 */
import { countEgress } from '../../../metrics.ts';
import { ExtractError } from '../../failure.ts';
import type { BudgetStore } from './budget-store.ts';

interface Waiter {
  resolve(): void;
  reject(err: unknown): void;
  done: boolean;
}

/** One egress's queue: clients in turn, each with its own waiting requests in order. */
class FairQueue {
  readonly byClient = new Map<string, Waiter[]>();
  private readonly turns: string[] = [];

  /** Requests still waiting (those that gave up stay in their list until their turn passes). */
  get size(): number {
    let n = 0;
    for (const list of this.byClient.values()) for (const w of list) if (!w.done) n++;
    return n;
  }

  push(client: string, waiter: Waiter): void {
    const list = this.byClient.get(client);
    if (list) list.push(waiter);
    else {
      this.byClient.set(client, [waiter]);
      this.turns.push(client);
    }
  }

  /** The next waiter, taking clients in turn. */
  shift(): Waiter | undefined {
    while (this.turns.length > 0) {
      const client = this.turns.shift()!;
      const list = this.byClient.get(client)!;
      const waiter = list.shift();
      if (list.length > 0) this.turns.push(client);
      else this.byClient.delete(client);
      if (waiter && !waiter.done) return waiter;
    }
    return undefined;
  }
}

export class EgressBudget {
  private readonly queues = new Map<string, FairQueue>();
  private readonly pumping = new Set<string>();
  private readonly intervalMs: number;

  constructor(
    private readonly store: BudgetStore,
    private readonly options: { perMinute: number; maxWaitMs: number },
  ) {
    this.intervalMs = 60_000 / options.perMinute;
  }

  /** Resolves when this request may go out through `egress`; rejects as rate_limited when it may not soon. */
  async acquire(egress: string, label: string, client: string, signal?: AbortSignal): Promise<void> {
    countEgress(label, 'request');
    const queue = this.queues.get(egress);
    if (!queue || queue.size === 0) {
      if ((await this.store.take(egress)) === 0) return;
    }
    countEgress(label, 'wait');
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, done: false };
      const giveUp = (why: string) => {
        if (waiter.done) return;
        waiter.done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        countEgress(label, 'refusal');
        // Its turn would come after those still waiting: that is when a slot frees up for it.
        const ahead = this.queues.get(egress)?.size ?? 0;
        reject(
          new ExtractError('rate_limited', `egress ${label}: ${why}`, {
            retryAfterSeconds: Math.max(1, Math.ceil(((ahead + 1) * this.intervalMs) / 1000)),
            source: 'instance',
          }),
        );
      };
      const onAbort = () => giveUp('the lookup ended while it waited for the request budget');
      const timer = setTimeout(() => giveUp(`request budget spent (${this.options.perMinute}/min)`), this.options.maxWaitMs);
      timer.unref?.();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) return onAbort(); // an already-spent lookup allowance: no wait at all
      waiter.resolve = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      let q = this.queues.get(egress);
      if (!q) this.queues.set(egress, (q = new FairQueue()));
      q.push(client, waiter);
      void this.pump(egress);
    });
  }

  /** Serve an egress's queue as tokens come: one pump per egress. */
  private async pump(egress: string): Promise<void> {
    if (this.pumping.has(egress)) return;
    this.pumping.add(egress);
    try {
      const queue = this.queues.get(egress)!;
      while (queue.size > 0) {
        const wait = await this.store.take(egress);
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 250)));
          continue;
        }
        const waiter = queue.shift();
        if (!waiter) break;
        waiter.done = true;
        waiter.resolve();
      }
    } finally {
      this.pumping.delete(egress);
    }
  }
}
