/**
 * `npm run bench`'s Threads figures (bench/threads.ts) against the fake: each cold lookup counted as Threads requests,
 * the Instagram photo beside them in Instagram requests; a cold Threads photo within the goal of 3.
 */
import { describe, expect, it } from 'vitest';
import { threadsFigures } from '../bench/threads.ts';

describe('bench: cold Threads lookups', () => {
  it('counts every Threads request of each cold lookup, and Instagram’s for its photo', async () => {
    const f = await threadsFigures();
    expect([f.photo.threads, f.carousel.threads, f.gatedPhoto.threads]).toEqual([1, 1, 3]);
    // A rotated doc id adds the bundles and a second query.
    expect(f.rotatedPhoto.threads).toBeGreaterThan(f.gatedPhoto.threads);
    // Threads lookups ask Instagram nothing; Instagram's photo asks Threads nothing.
    expect([f.photo.instagram, f.gatedPhoto.instagram, f.instagramPhoto.threads]).toEqual([0, 0, 0]);
    expect(f.instagramPhoto.instagram).toBeGreaterThan(0);
  });
});
