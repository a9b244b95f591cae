/**
 * One lookup's reservation of the egress budget (issue 38 point 3). A lookup reserves, with its first request, the
 * most requests its kind may need (LOOKUP_COSTS), so that its later steps never wait behind newcomers and a flood
 * cannot start many lookups that each starve half-way (the probe: of 64 Instagram requests in a flooded minute, about
 * 10 served lookups that completed). Its requests spend the reservation; when it ends, what it did not spend goes
 * back to the budget, so no token is lost. A lookup that moves to another egress (its own failed in transport)
 * reserves what it still may need there.
 */
import { countLookup } from '../../../egress-metrics.ts';
import { ExtractError } from '../../failure.ts';
import { WaitAllowance } from './wait-allowance.ts';

/**
 * The upstream requests each lookup kind may need at most (the figures; the fake's counts: a cold post 1, a
 * missing one 3, a gated one 4). A story, a highlight or a profile picture through resolve counts as a post; each
 * users route (view, album, next page, a ZIP's user) as a profile view; a doc-id heal reserves its own beside the
 * lookup that needed it.
 */
export const LOOKUP_COSTS = { post: 4, profile: 8, thread: 3, heal: 10 } as const;
export type LookupKind = keyof typeof LOOKUP_COSTS;

/** What a reservation is taken from and given back to: one egress budget (egress-budget.ts). */
export interface ReservingBudget {
  giveBack(egress: string, tokens: number): void;
}

interface Hold {
  budget: ReservingBudget;
  egress: string;
  left: number;
}

export class Lookup {
  readonly cost: number;
  /** Requests sent through this lookup's reservations. */
  spent = 0;
  private readonly holds: Hold[] = [];
  /** Reservations being waited for, per budget and egress: a lookup's parallel sections wait for one, not one each. */
  private readonly reserving = new Map<string, Promise<unknown>>();
  private ended = false;

  constructor(
    readonly kind: LookupKind,
    readonly allowance: WaitAllowance | undefined,
  ) {
    this.cost = LOOKUP_COSTS[kind];
  }

  /** Whether it has been admitted (some reservation granted). */
  get admitted(): boolean {
    return this.holds.length > 0;
  }

  /** Takes one of its reserved tokens on `egress`, if it holds any left there. */
  spend(budget: ReservingBudget, egress: string): boolean {
    const hold = this.holdOn(budget, egress);
    if (!hold || hold.left <= 0) return false;
    hold.left--;
    this.spent++;
    return true;
  }

  /** How many tokens to reserve on `egress` now: what it may still need, or 0 when it holds a reservation there. */
  toReserve(budget: ReservingBudget, egress: string): number {
    return this.holdOn(budget, egress) ? 0 : Math.max(0, this.cost - this.spent);
  }

  /** The reservation being waited for on `egress`, if one is. */
  pending(budget: ReservingBudget, egress: string): Promise<unknown> | undefined {
    return this.reserving.get(keyOf(budget, egress));
  }

  /** Waits for a reservation once (`wait` resolves when `tokens` are granted), and spends one of them. */
  async reserve(budget: ReservingBudget, egress: string, tokens: number, wait: () => Promise<void>): Promise<void> {
    const key = keyOf(budget, egress);
    const waiting = wait();
    this.reserving.set(key, waiting.catch(() => undefined));
    try {
      await waiting;
    } finally {
      this.reserving.delete(key);
    }
    if (this.ended) return budget.giveBack(egress, tokens - 1); // it ended while it waited: this straggler's one only
    if (!this.admitted) countLookup('admitted');
    this.holds.push({ budget, egress, left: tokens - 1 });
    this.spent++;
  }

  /** The egress its first reservation on `budget` stands on: its logged-out requests go there while it is usable. */
  preferred(budget: ReservingBudget): string | undefined {
    return this.holds.find((h) => h.budget === budget)?.egress;
  }

  /** Gives back what it did not spend, and counts how it ended: finished, cut by the budget half-way, or refused. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    for (const hold of this.holds) if (hold.left > 0) hold.budget.giveBack(hold.egress, hold.left);
    const byBudget = error instanceof ExtractError && error.kind === 'rate_limited' && error.source === 'instance';
    if (!this.admitted) {
      if (byBudget) countLookup('refused');
      return;
    }
    countLookup(byBudget ? 'cut' : 'finished', this.spent);
  }

  private holdOn(budget: ReservingBudget, egress: string): Hold | undefined {
    return this.holds.find((h) => h.budget === budget && h.egress === egress);
  }
}

const budgetIds = new WeakMap<ReservingBudget, number>();
let nextBudgetId = 0;
function keyOf(budget: ReservingBudget, egress: string): string {
  let id = budgetIds.get(budget);
  if (id === undefined) budgetIds.set(budget, (id = nextBudgetId++));
  return `${id}:${egress}`;
}
