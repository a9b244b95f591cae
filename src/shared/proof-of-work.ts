/** The proof of work's test, one for the server that checks it and the page's worker that solves it. */

/** Whether a SHA-256 hash starts with `bits` zero bits. */
export function leadingZeroBits(hash: Uint8Array, bits: number): boolean {
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (hash[i] !== 0) return false;
  const rest = bits & 7;
  return rest === 0 || hash[whole]! >> (8 - rest) === 0;
}
