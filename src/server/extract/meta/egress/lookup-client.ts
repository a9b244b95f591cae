/**
 * Who a lookup is for (the client's rate-limit key), what it may still wait for the egress budget, and what of the
 * budget it holds (lookup-reservation.ts), carried beside the lookup's async work so that the budget can queue whole
 * lookups fairly across clients, and IG_EGRESS_MAX_WAIT_MS bound the whole lookup rather than each request, without
 * every strategy passing them along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Lookup, type LookupKind } from './lookup-reservation.ts';
import { WaitAllowance } from './wait-allowance.ts';

export { WaitAllowance };

const current = new AsyncLocalStorage<string>();
const lookups = new AsyncLocalStorage<Lookup>();

export function asClient<T>(client: string | undefined, run: () => Promise<T>): Promise<T> {
  return client === undefined ? run() : current.run(client, run);
}

export function currentClient(): string {
  return current.getStore() ?? 'anonymous';
}

/**
 * Run one lookup of `kind`: its requests together wait at most `maxWaitMs` for the budget, its first request reserves
 * its kind's maximum, and what it did not spend goes back when it ends.
 */
export async function withLookup<T>(kind: LookupKind, maxWaitMs: number, run: () => Promise<T>): Promise<T> {
  return within(new Lookup(kind, new WaitAllowance(maxWaitMs)), run);
}

/**
 * A lookup inside another (a doc-id heal a post lookup needed): its own reservation, the outer lookup's wait
 * allowance (none outside any lookup: a probe's heal).
 */
export function withInnerLookup<T>(kind: LookupKind, run: () => Promise<T>): Promise<T> {
  return within(new Lookup(kind, lookups.getStore()?.allowance), run);
}

async function within<T>(lookup: Lookup, run: () => Promise<T>): Promise<T> {
  try {
    const result = await lookups.run(lookup, run);
    lookup.end();
    return result;
  } catch (err) {
    lookup.end(err);
    throw err;
  }
}

export function currentLookup(): Lookup | undefined {
  return lookups.getStore();
}

export function waitAllowance(): WaitAllowance | undefined {
  return lookups.getStore()?.allowance;
}
