/**
 * The flooders' challenge solver on a worker thread (bench/flood-child.ts): the solves' CPU still counts on these two
 * cores, but the flooders' event loop stays free to read the server's answers. Solving on that loop held it for
 * seconds under a raised cost, the server closed the connections it kept idle past their keep-alive meanwhile, and
 * undici then sent lookups on sockets already closed (UND_ERR_SOCKET, 156 of 362 lookups at 200 addresses): a fault
 * of the bench's single-threaded client, not of the server.
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { solveChallenge, type Challenge } from '../src/server/http/access/proof-of-work.ts';

if (!isMainThread) {
  parentPort!.on('message', ({ id, challenge }: { id: number; challenge: Challenge }) => {
    parentPort!.postMessage({ id, solution: solveChallenge(challenge) });
  });
}

export type Solver = (challenge: Challenge) => Promise<ReturnType<typeof solveChallenge>>;

/** A solver on one worker thread running this file (tsx's loader registered there first); `close()` ends it. */
export function workerSolver(): Solver & { close(): Promise<number> } {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true });
  worker.unref();
  const pending = new Map<number, (solution: ReturnType<typeof solveChallenge>) => void>();
  let next = 0;
  worker.on('message', ({ id, solution }: { id: number; solution: ReturnType<typeof solveChallenge> }) => {
    pending.get(id)?.(solution);
    pending.delete(id);
  });
  const solve = (challenge: Challenge) =>
    new Promise<ReturnType<typeof solveChallenge>>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      worker.postMessage({ id, challenge });
    });
  return Object.assign(solve, { close: () => worker.terminate() });
}
