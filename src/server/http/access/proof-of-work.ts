/**
 * The challenge a browser solves to look up past the anonymous allowance: a self-hosted SHA-256 proof of work, no
 * third party. A challenge is signed (HMAC, stateless: any instance with the same DOWNLOAD_SECRET checks it), bound
 * to the address it was given to, and good for two minutes; it holds `puzzles` puzzles, each solved by a number
 * `n` for which SHA-256("<salt>:<i>:<n>") starts with `bits` zero bits. Several small puzzles rather than one big
 * one: the same work on average, far less spread between a lucky and an unlucky visitor (docs/deploy.md, "The
 * challenge"). Solving costs about puzzles × 2^bits hashes; checking costs `puzzles` hashes.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leadingZeroBits, type Challenge } from '../../../shared/proof-of-work.ts';

export type { Challenge };

export interface ChallengeCost {
  puzzles: number;
  bits: number;
}

/**
 * About a second on a mid-range phone. bench/challenge.ts measured WebCrypto in Chromium's worker at about 23 µs a
 * hash on this project's loaded two-core machine (2026-11-26; CDP's 4× CPU throttling does not reach workers, so a
 * phone is taken as 4× slower): 12 × 2^10 ≈ 12k hashes ≈ 0.3 s here, ≈ 1.1 s on the phone.
 */
export const DEFAULT_COST: ChallengeCost = { puzzles: 12, bits: 10 };
export const CHALLENGE_LIFETIME_SECONDS = 120;

/**
 * The most hashes a challenge may cost under flood: 5 s on a phone taken as 4× slower than this machine's browser
 * (23 µs a hash, above): 5 s ÷ 92 µs ≈ 54,000 hashes, so 12 puzzles go up to 12 bits (49,152 hashes ≈ 4.5 s).
 */
export const MAX_FLOOD_HASHES = 54_000;

/**
 * The cost while the egress budget is saturated (`saturation`: 0 quiet, ≥ 1 saturated, the wait a newcomer's turn
 * would take in longest waits): one bit more when saturated, one more for each doubling, never past MAX_FLOOD_HASHES
 * (nor below the base an operator set).
 */
export function costUnderLoad(base: ChallengeCost, saturation: number): ChallengeCost {
  if (!(saturation >= 1)) return base;
  const cap = Math.floor(Math.log2(MAX_FLOOD_HASHES / base.puzzles));
  const raised = base.bits + 1 + Math.floor(Math.log2(saturation));
  return { puzzles: base.puzzles, bits: Math.max(base.bits, Math.min(cap, raised)) };
}
const MAX_NONCE = 2 ** 32;

export type SolutionVerdict = 'ok' | 'malformed' | 'expired' | 'not_yours' | 'wrong';

const sign = (secret: Buffer, c: Omit<Challenge, 'signature'>, client: string) =>
  createHmac('sha256', secret).update(`${c.algorithm}.${c.salt}.${c.puzzles}.${c.bits}.${c.expires}.${client}`).digest('base64url');

/** Challenges and tokens are signed with a key of their own, derived from the secret every instance shares. */
export function challengeSecretOf(downloadSecret: string): Buffer {
  return createHmac('sha256', downloadSecret).update('gramsave challenge and session tokens').digest();
}

export function createChallenge(secret: Buffer, client: string, cost: ChallengeCost = DEFAULT_COST, now = Date.now()): Challenge {
  const unsigned = { algorithm: 'SHA-256' as const, salt: randomBytes(12).toString('base64url'), ...cost, expires: Math.floor(now / 1000) + CHALLENGE_LIFETIME_SECONDS };
  return { ...unsigned, signature: sign(secret, unsigned, client) };
}

export function isChallenge(value: unknown): value is Challenge {
  const c = value as Partial<Challenge> | null;
  return (
    typeof c === 'object' && c !== null && c.algorithm === 'SHA-256' && typeof c.salt === 'string' && c.salt.length <= 64 &&
    Number.isInteger(c.puzzles) && c.puzzles! >= 1 && c.puzzles! <= 64 && Number.isInteger(c.bits) && c.bits! >= 1 && c.bits! <= 32 &&
    Number.isInteger(c.expires) && typeof c.signature === 'string' && c.signature.length <= 64
  );
}

/** Whether `solution` solves `challenge` for `client` now. Only the signature decides what the puzzles are. */
export function checkSolution(secret: Buffer, challenge: unknown, solution: unknown, client: string, now = Date.now()): SolutionVerdict {
  if (!isChallenge(challenge) || !Array.isArray(solution) || solution.length !== challenge.puzzles) return 'malformed';
  if (!solution.every((n) => Number.isInteger(n) && n >= 0 && n < MAX_NONCE)) return 'malformed';
  const { signature, ...unsigned } = challenge;
  const expected = Buffer.from(sign(secret, unsigned, client));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'not_yours';
  if (challenge.expires < now / 1000) return 'expired';
  for (let i = 0; i < challenge.puzzles; i++) {
    const hash = createHash('sha256').update(`${challenge.salt}:${i}:${solution[i] as number}`).digest();
    if (!leadingZeroBits(hash, challenge.bits)) return 'wrong';
  }
  return 'ok';
}

/** What a browser's worker does, here for the tests and the bench (the page's is src/client/lib/challenge/). */
export function solveChallenge(challenge: Pick<Challenge, 'salt' | 'puzzles' | 'bits'>): number[] {
  const solution: number[] = [];
  for (let i = 0; i < challenge.puzzles; i++) {
    let n = 0;
    while (!leadingZeroBits(createHash('sha256').update(`${challenge.salt}:${i}:${n}`).digest(), challenge.bits)) n++;
    solution.push(n);
  }
  return solution;
}
