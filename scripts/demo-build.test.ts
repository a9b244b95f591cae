import { describe, expect, it } from 'vitest';
import { currentStamp } from './build-stamp.mjs';
import { demoBuildPlan } from './demo-build.ts';

describe('the demo’s build', () => {
  const on8080 = currentStamp({ PUBLIC_ORIGIN: 'http://localhost:8080' });

  it('is rebuilt when it was made for another origin than the demo’s', () => {
    expect(demoBuildPlan(true, on8080, { PUBLIC_ORIGIN: 'http://localhost:9000' })).toBe('rebuild');
    expect(demoBuildPlan(true, on8080, { PUBLIC_ORIGIN: 'http://localhost:8080' })).toBe('fresh');
  });

  it('counts the default origin, unset or stated, as one (npm start and the demo on 8080 share a build)', () => {
    expect(demoBuildPlan(true, currentStamp({}), { PUBLIC_ORIGIN: 'http://localhost:8080/' })).toBe('fresh');
  });

  it('is made when there is none', () => {
    expect(demoBuildPlan(false, undefined, { PUBLIC_ORIGIN: 'http://localhost:8080' })).toBe('missing');
  });
});
