import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size.ts';

describe('fileSize', () => {
  it('says kB below a megabyte, in whole numbers (not "0.061 MB")', () => {
    expect(fileSize(61_000, 'en')).toBe('61 kB');
    expect(fileSize(28_400, 'en')).toBe('28 kB');
    expect(fileSize(120, 'en')).toBe('1 kB');
    expect(fileSize(999_400, 'en')).toBe('999 kB');
  });
  it('keeps one decimal below 10, whole numbers above, and moves up a unit at the edge', () => {
    expect(fileSize(999_600, 'en')).toBe('1.0 MB');
    expect(fileSize(4_250_000, 'en')).toBe('4.3 MB');
    expect(fileSize(9_960_000, 'en')).toBe('10 MB');
    expect(fileSize(27_300_000, 'en')).toBe('27 MB');
    expect(fileSize(1_234_000_000, 'en')).toBe('1.2 GB');
  });
  it('writes the number and the unit as the page’s language does', () => {
    expect(fileSize(4_250_000, 'fr')).toBe('4,3\u202fMo');
    expect(fileSize(61_000, 'fr')).toBe('61\u202fko');
    expect(fileSize(4_250_000, 'ru')).toBe('4,3 МБ');
    expect(fileSize(4_250_000, 'de')).toBe('4,3 MB');
  });
});
