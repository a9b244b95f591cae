/** The proof of work's contract and test, one for the server that checks it and the page's worker that solves it. */

/** GET /api/v1/challenge's answer (issue 32), as signed by the server and sent back with its solution. */
export interface Challenge {
  algorithm: 'SHA-256';
  salt: string;
  puzzles: number;
  bits: number;
  /** Epoch seconds. */
  expires: number;
  signature: string;
}

/** Whether a SHA-256 hash starts with `bits` zero bits. */
export function leadingZeroBits(hash: Uint8Array, bits: number): boolean {
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (hash[i] !== 0) return false;
  const rest = bits & 7;
  return rest === 0 || hash[whole]! >> (8 - rest) === 0;
}
