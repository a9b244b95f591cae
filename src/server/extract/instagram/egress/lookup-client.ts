/**
 * Who a lookup is for (the client's rate-limit key), carried beside the lookup's async work so that the egress
 * budget can queue fairly across clients without every strategy passing it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

export function asClient<T>(client: string | undefined, run: () => Promise<T>): Promise<T> {
  return client === undefined ? run() : current.run(client, run);
}

export function currentClient(): string {
  return current.getStore() ?? 'anonymous';
}
