/**
 * The request budget of each egress (IG_EGRESS_PER_MIN), admitted by whole lookups (issue 38 point 3): a lookup's
 * first request reserves its kind's maximum (lookup-reservation.ts) and its later requests spend that reservation
 * without waiting; a request outside any lookup (a ZIP's pages, a share link) takes one token. When the tokens are
 * not there it waits, for at most IG_EGRESS_MAX_WAIT_MS, then gives up as rate_limited with a Retry-After that says
 * when its turn would come. The wait is fair under a flood: each grant goes to the waiting client that asked for the
 * fewest lookups in the last minute (ask-ledger.ts; a refused ask counts twice), and a client may hold at most MAX_WAITING_PER_CLIENT waiting
 * lookups (more are refused at once), so twenty addresses asking for missing posts cannot keep a visitor who asks
 * little waiting. Cache hits and single-flight joins send nothing, so they cost nothing.
 */
import { countEgress } from '../../../metrics.ts';
import { ExtractError } from '../../failure.ts';
import type { BudgetStore } from './budget-store.ts';
import { MemoryAskLedger, type AskLedger } from './ask-ledger.ts';
import type { Lookup, ReservingBudget } from './lookup-reservation.ts';

/** A couple: a page's lookup and the batch beside it; a scraper's hundredth parallel request is refused, not queued. */
export const MAX_WAITING_PER_CLIENT = 2;
/** How long the budget counts as saturated after it last ran out under a waiting lookup. */
export const SATURATED_FOR_MS = 10_000;

interface Waiter {
  client: string;
  label: string;
  /** Tokens it waits for: a lookup's reservation, or one request's. */
  tokens: number;
  /** Arrival order: the tie-break between clients that asked as much. */
  seq: number;
  grant(): void;
  done: boolean;
}

export class EgressBudget implements ReservingBudget {
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
    /** Lookups this instance refused for want of tokens, per client in the last minute: who is refused takes no credit. */
    private readonly refusals: AskLedger = new MemoryAskLedger(),
  ) {
    this.intervalMs = 60_000 / options.perMinute;
  }

  /** Lookups and lone requests waiting for `egress`'s budget. */
  waiting(egress: string): number {
    return (this.queues.get(egress) ?? []).filter((w) => !w.done).length;
  }

  /** The tokens those waiting for `egress` wait for. */
  private waitingTokens(egress: string): number {
    return (this.queues.get(egress) ?? []).reduce((sum, w) => sum + (w.done ? 0 : w.tokens), 0);
  }

  /**
   * Resolves when this request may go out through `egress`; rejects as rate_limited when it may not soon. `signal`
   * ends the wait early (the lookup's own deadline). Within `lookup`, the request spends the lookup's reservation on
   * this egress, or waits for one (what the lookup may still need) when it holds none here.
   */
  async acquire(egress: string, label: string, client: string, signal?: AbortSignal, lookup?: Lookup): Promise<void> {
    if (lookup) {
      // Parallel sections of one lookup wait for its one reservation.
      const pending = lookup.pending(this, egress);
      if (pending) await pending;
      if (lookup.spend(this, egress)) return this.granted(label);
      const tokens = lookup.toReserve(this, egress);
      if (tokens > 0) {
        await lookup.reserve(this, egress, tokens, () => this.wait(egress, label, client, tokens, signal, !lookup.admitted));
        return this.granted(label);
      }
    }
    // A lone request, or one past its lookup's reservation (it counts as no new lookup of its client).
    await this.wait(egress, label, client, 1, signal, !lookup);
    this.granted(label);
  }

  /** Tokens back: what a lookup reserved and did not spend. */
  giveBack(egress: string, tokens: number): void {
    if (tokens <= 0) return;
    void this.store.give(egress, tokens).then(() => this.pump(egress), () => undefined);
  }

  /** Resolves when `tokens` are taken for this client on `egress` (its turn in the fair queue), or rejects. */
  private async wait(egress: string, label: string, client: string, tokens: number, signal: AbortSignal | undefined, newAsk: boolean): Promise<void> {
    this.seen.add(egress);
    if (newAsk) this.ledger.record(client);
    if (this.waiting(egress) === 0 && (await this.store.take(egress, tokens)) === 0) return;
    const held = this.waitingByClient.get(client) ?? 0;
    if (held >= MAX_WAITING_PER_CLIENT) {
      if (newAsk) this.refused(client); // a refused ask counts twice (below)
      countEgress(label, 'refusal');
      throw this.refusal(label, `${held} lookups of this client already wait for the request budget`, this.waitingTokens(egress) + tokens);
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
        tokens,
        seq: this.seq++,
        done: false,
        grant: () => {
          finish();
          resolve();
        },
      };
      const giveUp = (why: string) => {
        if (waiter.done) return;
        finish();
        countEgress(label, 'refusal');
        reject(this.refusal(label, why, this.waitingTokens(egress) + tokens));
      };
      const onAbort = () => giveUp('the lookup ended while it waited for the request budget');
      const timer = setTimeout(() => {
        if (!waiter.done) {
          this.lastSpentAt = Date.now();
          // A lookup the spent budget refused counts as a second ask: asking on while refused is what marks a flood.
          // A flood whose addresses each ask as often as a visitor (the flood bench at 20 addresses: about 9 a minute
          // against its 8) would otherwise rank level with it; most of their asks are refused, few of its are.
          if (newAsk) this.refused(client);
        }
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
    for (const egress of this.seen) least = Math.min(least, ((this.waitingTokens(egress) + 1) * this.intervalMs) / this.options.maxWaitMs);
    if (this.seen.size === 0) least = 0;
    const queued = least > 1 ? least : 0;
    return Math.max(queued, now - this.lastSpentAt < SATURATED_FOR_MS ? 1 : 0);
  }

  private refused(client: string): void {
    this.ledger.record(client);
    this.refusals.record(client);
  }

  /** Only requests that go out are counted as requests (a refused one is a refusal, not a request). */
  private granted(label: string): void {
    countEgress(label, 'request');
  }

  /** Its turn would come once the tokens of those still waiting and its own have come in: then, come back. */
  private refusal(label: string, why: string, tokens: number): ExtractError {
    return new ExtractError('rate_limited', `egress ${label}: ${why}`, {
      retryAfterSeconds: Math.max(1, Math.ceil((tokens * this.intervalMs) / 1000)),
      source: 'instance',
    });
  }

  /** Serve an egress's waiting requests as tokens come: one pump per egress. */
  private async pump(egress: string): Promise<void> {
    if (this.pumping.has(egress)) return;
    this.pumping.add(egress);
    try {
      for (;;) {
        if (this.live(egress).length === 0) break;
        // The first in line takes its tokens when they are there; the line is looked at again meanwhile, as someone
        // who asked less may come, or the first give up.
        const least = await this.askedLeast(egress);
        if (!least) continue;
        const { next, light } = least;
        // Credit (a reservation granted on one token, the bucket owing the rest) for a light client, or one this
        // instance has not refused in the last minute: a flooder's reservation on credit would keep the visitor who
        // comes next waiting while the bucket pays it back (the flood bench: 3 s behind a missing post's three
        // requests). A flood's clients, refused again and again and asking alike, take theirs whole.
        const credit = light || (await this.refusals.counts([next.client]))[0] === 0;
        const wait = await this.store.take(egress, next.tokens, credit ? 1 : next.tokens);
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 250)));
          continue;
        }
        if (next.done) await this.store.give(egress, next.tokens); // it gave up while the tokens were taken
        else next.grant();
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

  /**
   * The first-come waiter of the client that asked for the fewest lookups in the last minute, and whether that client
   * is light: the only one waiting, or every other waiting client asked at least twice as often. Among flooders that
   * ask alike, the one that happens to have asked least is not light, so none of them takes credit.
   */
  private async askedLeast(egress: string): Promise<{ next: Waiter; light: boolean } | undefined> {
    const clients = [...new Set(this.live(egress).map((w) => w.client))];
    const counts = await this.ledger.counts(clients);
    const asked = new Map(clients.map((c, i) => [c, counts[i] ?? 0]));
    const rank = (w: Waiter) => asked.get(w.client) ?? 0; // a client that came during the count was not counted
    const waiting = this.live(egress); // read again after the count: who came or gave up meanwhile
    let best: Waiter | undefined;
    for (const w of waiting) {
      if (!best || rank(w) < rank(best) || (rank(w) === rank(best) && w.seq < best.seq)) best = w;
    }
    if (!best) return undefined;
    const chosen = best;
    return { next: chosen, light: waiting.every((w) => w.client === chosen.client || rank(w) >= 2 * Math.max(1, rank(chosen))) };
  }
}
