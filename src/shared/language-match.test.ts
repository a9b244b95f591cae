import { describe, expect, it } from 'vitest';
import { acceptedLanguage, supportedLanguage } from './language-match.ts';

describe('a browser’s language as one of ours', () => {
  it('takes a code’s base, or its alias, and nothing we do not have', () => {
    expect(supportedLanguage('ar-EG')).toBe('ar');
    expect(supportedLanguage('pt_BR')).toBe('pt');
    expect(supportedLanguage('fil-PH')).toBe('tl');
    expect(supportedLanguage('in-ID')).toBe('id');
    expect(supportedLanguage('fi-FI')).toBeUndefined();
    expect(supportedLanguage('ind')).toBeUndefined();
    expect(supportedLanguage('ara')).toBeUndefined();
  });

  it('reads Accept-Language by weight, then order, refusing q=0 and skipping * and what we do not have', () => {
    expect(acceptedLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(acceptedLanguage('en;q=0.5, de-AT;q=0.8')).toBe('de');
    expect(acceptedLanguage('fr;q=0, ja')).toBe('ja');
    expect(acceptedLanguage('fi-FI, *;q=0.5')).toBeUndefined();
    expect(acceptedLanguage('fi, sv;q=0.9, en;q=0.1')).toBe('en');
    expect(acceptedLanguage('x;q=abc, ko')).toBe('ko');
    expect(acceptedLanguage(undefined)).toBeUndefined();
    expect(acceptedLanguage('')).toBeUndefined();
  });
});
