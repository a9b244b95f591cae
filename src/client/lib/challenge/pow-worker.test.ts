/** The page's solver finds, for each puzzle, the first number whose hash starts with the zero bits asked for. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits } from '../../../shared/proof-of-work.ts';
import { solvePuzzle } from './pow-worker.ts';

describe('the challenge worker', () => {
  it('answers the first number that solves a puzzle (checked with node:crypto)', async () => {
    for (const index of [0, 1]) {
      const n = await solvePuzzle('salt-7', index, 9);
      const hashOf = (k: number) => createHash('sha256').update(`salt-7:${index}:${k}`).digest();
      expect(leadingZeroBits(hashOf(n), 9)).toBe(true);
      for (let k = 0; k < n; k++) expect(leadingZeroBits(hashOf(k), 9)).toBe(false);
    }
  });
});
