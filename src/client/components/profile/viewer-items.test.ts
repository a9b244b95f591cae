import { describe, expect, it } from 'vitest';
import { stepPlace, swipeStep, type ViewerItem } from './viewer-items.ts';

const item = (files: number): ViewerItem => ({ label: '', files: Array.from({ length: files }, (_, at) => ({ type: 'image', url: `/f${at}`, downloadUrl: `/d${at}` })) });

describe('the viewer steps', () => {
  it('hold at either end', () => {
    const items = [item(1), item(1), item(1)];
    expect(stepPlace({ item: 0, file: 0 }, -1, items)).toEqual({ item: 0, file: 0 });
    expect(stepPlace({ item: 0, file: 0 }, 1, items)).toEqual({ item: 1, file: 0 });
    expect(stepPlace({ item: 2, file: 0 }, 1, items)).toEqual({ item: 2, file: 0 });
  });

  it("go through a carousel's files before the next item, and back from an item to the last file of the one before", () => {
    const items = [item(1), item(3), item(1)];
    const forward = [{ item: 0, file: 0 }];
    for (let i = 0; i < 5; i++) forward.push(stepPlace(forward.at(-1)!, 1, items));
    expect(forward).toEqual([
      { item: 0, file: 0 },
      { item: 1, file: 0 },
      { item: 1, file: 1 },
      { item: 1, file: 2 },
      { item: 2, file: 0 },
      { item: 2, file: 0 },
    ]);
    // Previous undoes Next, step by step.
    const back = [{ item: 2, file: 0 }];
    for (let i = 0; i < 4; i++) back.push(stepPlace(back.at(-1)!, -1, items));
    expect(back).toEqual(forward.slice(0, 5).reverse());
    expect(stepPlace({ item: 0, file: 0 }, -1, [item(3)])).toEqual({ item: 0, file: 0 });
    expect(stepPlace({ item: 0, file: 2 }, 1, [item(3)])).toEqual({ item: 0, file: 2 });
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
