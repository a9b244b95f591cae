import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, textDirection } from './language-codes.ts';
import { LANGUAGES } from './languages.ts';

describe('languages', () => {
  it('names every code once, in the same order, each by a name of its own', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
    expect(new Set(LANGUAGES.map((l) => l.nativeName)).size).toBe(LANGUAGES.length);
    for (const l of LANGUAGES) expect(l.ogLocale, l.code).toMatch(new RegExp(`^${l.code}_[A-Z]{2}$`));
  });

  it('writes Arabic and Persian right to left and the other twenty left to right', () => {
    expect(LANGUAGE_CODES.filter((code) => textDirection(code) === 'rtl')).toEqual(['ar', 'fa']);
    expect(LANGUAGE_CODES).toHaveLength(22);
  });
});
