import { describe, expect, it } from 'vitest';
import { memoized } from './memo.ts';

describe('memoized', () => {
  it('computes once per input it remembers, and stays within its size', () => {
    const calls: string[] = [];
    const upper = memoized((input) => {
      calls.push(input);
      return input === 'none' ? undefined : input.toUpperCase();
    }, 2);
    expect(upper('a')).toBe('A');
    expect(upper('a')).toBe('A');
    expect(upper('none')).toBeUndefined();
    expect(upper('none')).toBeUndefined(); // an undefined answer is remembered too
    expect(calls).toEqual(['a', 'none']);
    expect(upper('b')).toBe('B'); // full: everything forgotten, then b remembered
    expect(upper('a')).toBe('A');
    expect(calls).toEqual(['a', 'none', 'b', 'a']);
  });
});
