import { describe, expect, it } from 'vitest';
import { filterLanguages, languageEntries } from './language-search.ts';

const codes = (query: string, pageLang: Parameters<typeof languageEntries>[0] = 'en') =>
  filterLanguages(languageEntries(pageLang), query).map((e) => e.code);

describe('the language menu search', () => {
  it('lists all 22 languages by their own names when nothing is typed', () => {
    const entries = languageEntries('en');
    expect(codes('')).toHaveLength(22);
    expect(entries.find((e) => e.code === 'ar')?.nativeName).toBe('العربية');
  });

  it('finds a language by its own name, without accents, by its English name and by its code', () => {
    expect(codes('turkce')).toEqual(['tr']);
    expect(codes('Türkçe')).toEqual(['tr']);
    expect(codes('Persian')).toEqual(['fa']);
    expect(codes('বাংলা')).toEqual(['bn']);
    expect(codes('uk')).toContain('uk');
  });

  it("finds a language by its name in the page's language", () => {
    expect(codes('Turco', 'es')).toEqual(['tr']);
    expect(codes('Arabisch', 'de')).toEqual(['ar']);
  });

  it('names Filipino as Filipino, not Tagalog', () => {
    expect(languageEntries('en').find((e) => e.code === 'tl')?.localName).toBeUndefined();
    expect(codes('Filipino')).toEqual(['tl']);
  });

  it('finds nothing for a name that is no language of ours', () => {
    expect(codes('Klingon')).toEqual([]);
  });
});
