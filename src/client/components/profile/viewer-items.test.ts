import { describe, expect, it } from 'vitest';
import { stepTo, swipeStep } from './viewer-items.ts';

describe('the viewer steps', () => {
  it('hold at either end', () => {
    expect(stepTo(0, -1, 3)).toBe(0);
    expect(stepTo(0, 1, 3)).toBe(1);
    expect(stepTo(2, 1, 3)).toBe(2);
  });

  it('a swipe to the left is next, to the right previous; mirrored right to left; short or vertical ones are none', () => {
    expect(swipeStep(-80, 10, false)).toBe(1);
    expect(swipeStep(80, 10, false)).toBe(-1);
    expect(swipeStep(-80, 10, true)).toBe(-1);
    expect(swipeStep(80, 10, true)).toBe(1);
    expect(swipeStep(-30, 0, false)).toBe(0);
    expect(swipeStep(-60, 120, false)).toBe(0);
  });
});
