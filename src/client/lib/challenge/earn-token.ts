/**
 * Earns a token: asks for a challenge, solves it in a worker (the page stays responsive), and trades the solution
 * for `{ token, exp }`. Loaded by lookup-fetch.ts only when a lookup is answered `challenge_required`.
 */
import type { Challenge as ChallengeJson } from '../../../shared/proof-of-work.ts';
import type { ChallengeToken } from './lookup-fetch.ts';

function solveInWorker(challenge: ChallengeJson): Promise<number[]> {
  const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<number[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ solution: number[] }>) => resolve(event.data.solution);
    worker.onerror = (event) => reject(new Error(`the challenge worker failed: ${event.message}`));
    worker.postMessage({ salt: challenge.salt, puzzles: challenge.puzzles, bits: challenge.bits });
  }).finally(() => worker.terminate());
}

export async function earnToken(): Promise<ChallengeToken> {
  const given = await fetch('/api/v1/challenge', { headers: { accept: 'application/json' } });
  if (!given.ok) throw new Error(`no challenge (${given.status})`);
  const challenge = (await given.json()) as ChallengeJson;
  const solution = await solveInWorker(challenge);
  const session = await fetch('/api/v1/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ challenge, solution }),
  });
  if (!session.ok) throw new Error(`the solution was refused (${session.status})`);
  return (await session.json()) as ChallengeToken;
}
