/**
 * The proof of work, off the page's thread: for each puzzle i, the first n for which SHA-256("<salt>:<i>:<n>")
 * starts with `bits` zero bits (src/server/http/access/proof-of-work.ts checks it). WebCrypto's digest is
 * asynchronous, so candidates go in batches: one await per batch, not per hash.
 */
import { leadingZeroBits } from '../../../shared/proof-of-work.ts';

const BATCH = 256;
const encoder = new TextEncoder();

export async function solvePuzzle(salt: string, index: number, bits: number): Promise<number> {
  for (let start = 0; ; start += BATCH) {
    const hashes = await Promise.all(
      Array.from({ length: BATCH }, (_, k) => crypto.subtle.digest('SHA-256', encoder.encode(`${salt}:${index}:${start + k}`))),
    );
    const found = hashes.findIndex((hash) => leadingZeroBits(new Uint8Array(hash), bits));
    if (found >= 0) return start + found;
  }
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ salt: string; puzzles: number; bits: number }>) => void) | null;
  postMessage(message: unknown): void;
}

// In a worker only (the unit test imports the functions above).
if (typeof document === 'undefined' && typeof self !== 'undefined') {
  const scope = self as unknown as WorkerScope;
  scope.onmessage = (event) => {
    void (async () => {
      const { salt, puzzles, bits } = event.data;
      const solution: number[] = [];
      for (let i = 0; i < puzzles; i++) solution.push(await solvePuzzle(salt, i, bits));
      scope.postMessage({ solution });
    })();
  };
}
