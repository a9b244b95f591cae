/**
 * Who a lookup is for (the client's rate-limit key) and how long it may still wait for the egress budget, carried
 * beside the lookup's async work so that the budget can queue fairly across clients, and IG_EGRESS_MAX_WAIT_MS
 * bound the whole lookup rather than each request, without every strategy passing them along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What one lookup may still wait for request tokens, all its requests together. */
export class WaitAllowance {
  private leftMs: number;

  constructor(maxWaitMs: number) {
    this.leftMs = maxWaitMs;
  }

  /** Aborts when the allowance left is spent (at once when nothing is left). */
  signal(): AbortSignal {
    return this.leftMs > 0 ? AbortSignal.timeout(this.leftMs) : AbortSignal.abort(new Error('wait allowance spent'));
  }

  spent(ms: number): void {
    this.leftMs -= ms;
  }
}

const current = new AsyncLocalStorage<string>();
const allowances = new AsyncLocalStorage<WaitAllowance>();

export function asClient<T>(client: string | undefined, run: () => Promise<T>): Promise<T> {
  return client === undefined ? run() : current.run(client, run);
}

export function currentClient(): string {
  return current.getStore() ?? 'anonymous';
}

/** Run one lookup with its own wait allowance. */
export function withWaitAllowance<T>(maxWaitMs: number, run: () => Promise<T>): Promise<T> {
  return allowances.run(new WaitAllowance(maxWaitMs), run);
}

export function waitAllowance(): WaitAllowance | undefined {
  return allowances.getStore();
}
