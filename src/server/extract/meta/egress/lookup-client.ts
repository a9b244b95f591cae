/**
 * Who a lookup is for (the client's rate-limit key), what it may still wait for the egress budget, and what of the
 * budget it holds (lookup-reservation.ts), so that the budget can queue whole lookups fairly across clients, and
 * IG_EGRESS_MAX_WAIT_MS bound the whole lookup rather than each request, without every strategy passing them along.
 *
 * They are found by the lookup's deadline signal, which every strategy already passes down to each of its upstream
 * requests. An AsyncLocalStorage carried them before (issue 41 point 6): entered once, it turned on async hooks for the
 * whole process, a hook run on every promise of every request, cached resolves included.
 */
import { Lookup, type LookupKind } from './lookup-reservation.ts';
import { WaitAllowance } from './wait-allowance.ts';

export { WaitAllowance };

interface LookupContext {
  client?: string;
  lookup?: Lookup;
}

const contexts = new WeakMap<AbortSignal, LookupContext>();

/** `deadline`, marked as the deadline of work for `client` (none: anonymous): its requests queue as that client's. */
export function asClient(deadline: AbortSignal, client: string | undefined): AbortSignal {
  if (client !== undefined) contexts.set(deadline, { ...contexts.get(deadline), client });
  return deadline;
}

/** The client the request with this signal is for. */
export function clientOfRequest(signal: AbortSignal | undefined): string {
  return (signal && contexts.get(signal)?.client) ?? 'anonymous';
}

/** The lookup the request with this signal belongs to. */
export function lookupOf(signal: AbortSignal | undefined): Lookup | undefined {
  return signal && contexts.get(signal)?.lookup;
}

/**
 * A signal that never aborts, carrying `from`'s client and lookup as they are now: for work a lookup starts that
 * others may share (the tokens' fetch), which no single caller's deadline may cancel.
 */
export function detached(from: AbortSignal | undefined): AbortSignal | undefined {
  const context = from && contexts.get(from);
  if (!context) return undefined;
  const signal = new AbortController().signal;
  contexts.set(signal, context);
  return signal;
}

/**
 * Run one lookup of `kind` whose requests carry `deadline`: together they wait at most `maxWaitMs` for the budget, its
 * first request reserves its kind's maximum, and what it did not spend goes back when it ends.
 */
export function withLookup<T>(kind: LookupKind, maxWaitMs: number, deadline: AbortSignal, run: () => Promise<T>): Promise<T> {
  return within(new Lookup(kind, new WaitAllowance(maxWaitMs)), deadline, run);
}

/**
 * A lookup inside another (a doc-id heal a post lookup needed), whose requests carry `signal`: its own reservation, the
 * outer lookup's client and wait allowance (the outer's signal `outer`; none outside any lookup: a probe's heal).
 */
export function withInnerLookup<T>(kind: LookupKind, outer: AbortSignal | undefined, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  asClient(signal, outer && contexts.get(outer)?.client);
  return within(new Lookup(kind, lookupOf(outer)?.allowance), signal, run);
}

async function within<T>(lookup: Lookup, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const before = contexts.get(signal);
  contexts.set(signal, { ...before, lookup });
  try {
    const result = await run();
    lookup.end();
    return result;
  } catch (err) {
    lookup.end(err);
    throw err;
  } finally {
    // Past its end the signal's requests belong to no lookup (as before it).
    contexts.set(signal, { ...before });
  }
}
