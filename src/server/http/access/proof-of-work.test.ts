/** The proof of work and its token on their own: what a solution must be, and what a token is good for. */
import { describe, expect, it } from 'vitest';
import { leadingZeroBits } from '../../../shared/proof-of-work.ts';
import { checkSolution, createChallenge, solveChallenge } from './proof-of-work.ts';
import { issueToken, tokenChecker } from './session-token.ts';
import { memorySpentSolutions } from './spent-solutions.ts';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const cheap = { puzzles: 4, bits: 6 };

describe('the proof of work', () => {
  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0b0001_1111]), 11)).toBe(true);
    expect(leadingZeroBits(Uint8Array.from([0, 0b0001_1111]), 12)).toBe(false);
    expect(leadingZeroBits(Uint8Array.from([0, 0]), 16)).toBe(true);
    expect(leadingZeroBits(Uint8Array.from([1]), 8)).toBe(false);
  });

  it('accepts a solution for the address it was given to, and nothing else', () => {
    const now = Date.now();
    const challenge = createChallenge(secret, '203.0.113.5', cheap, now);
    const solution = solveChallenge(challenge);
    expect(checkSolution(secret, challenge, solution, '203.0.113.5', now)).toBe('ok');
    expect(checkSolution(secret, challenge, solution, '203.0.113.6', now)).toBe('not_yours');
    expect(checkSolution(secret, { ...challenge, bits: 1 }, solution, '203.0.113.5', now)).toBe('not_yours');
    expect(checkSolution(Buffer.from('another secret, another instance set'), challenge, solution, '203.0.113.5', now)).toBe('not_yours');
    expect(checkSolution(secret, challenge, solution, '203.0.113.5', now + 121_000)).toBe('expired');
    const wrong = solution.map((n, i) => (i === 0 ? n + 1 : n));
    // n + 1 may by chance solve it as well (1 in 2^bits): then the next one that does not.
    let bad = wrong;
    while (checkSolution(secret, challenge, bad, '203.0.113.5', now) === 'ok') bad = bad.map((n, i) => (i === 0 ? n + 1 : n));
    expect(checkSolution(secret, challenge, bad, '203.0.113.5', now)).toBe('wrong');
    for (const junk of [undefined, [], solution.slice(1), [...solution.slice(1), -1], [...solution.slice(1), 1.5], [...solution.slice(1), '7']]) {
      expect(checkSolution(secret, challenge, junk, '203.0.113.5', now)).toBe('malformed');
    }
    expect(checkSolution(secret, { ...challenge, algorithm: 'MD5' }, solution, '203.0.113.5', now)).toBe('malformed');
  });

  it('spends a solution once', async () => {
    const spent = memorySpentSolutions();
    expect([await spent.claim('salt', 1000), await spent.claim('salt', 1000), await spent.claim('other', 1000)]).toEqual([true, false, true]);
  });
});

describe('the session token', () => {
  it('is good for its address until it ends, and not when changed', () => {
    const now = Date.now();
    const { token, exp } = issueToken(secret, '203.0.113.5', now);
    const tokenValid = (t: string, client: string, at: number) => tokenChecker(secret)(t, client, at);
    expect(exp).toBe(Math.floor(now / 1000) + 300);
    expect(tokenValid(token, '203.0.113.5', now)).toBe(true);
    expect(tokenValid(token, '203.0.113.6', now)).toBe(false);
    expect(tokenValid(token, '203.0.113.5', now + 301_000)).toBe(false);
    expect(tokenValid(`${token}x`, '203.0.113.5', now)).toBe(false);
    expect(tokenValid(`${token}.x`, '203.0.113.5', now)).toBe(false);
    expect(token).not.toContain('203.0.113.5');
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain('203.0.113');
  });
});
