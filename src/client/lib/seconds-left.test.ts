import { describe, expect, it } from 'vitest';
import { secondsLeft } from './seconds-left.ts';

describe('secondsLeft', () => {
  it('counts whole seconds up, down to 0 when the wait is over, and 0 without a wait', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 8_500)).toBe(2);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
    expect(secondsLeft(null, 5)).toBe(0);
    expect(secondsLeft(undefined, 5)).toBe(0);
  });
});
