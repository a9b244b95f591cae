import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { fileSize } from './file-size.ts';
import { numberLocale } from './number-locale.ts';
import { createTranslator } from './translator.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the page’s digits (issue 37 point 15)', () => {
  it('are one numbering system per language, the same in every engine', () => {
    const digits = (lang: (typeof LANGUAGE_CODES)[number]) => new Intl.NumberFormat(numberLocale(lang)).resolvedOptions().numberingSystem;
    expect(Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, digits(lang)]))).toEqual({
      ...Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, 'latn'])),
      fa: 'arabext',
      bn: 'beng',
    });
    expect(createTranslator('ar', { n: '{{count}} / {{total}}' }).t('n', { count: 1, total: 12 })).toBe('1 / 12');
    expect(fileSize(4_300_000, 'ar')).toMatch(/^4[.,٫]3 /);
    expect(createTranslator('fa', { n: '{{total}}' }).t('n', { total: 12 })).toBe('۱۲');
  });

  it('are what every number and date formatter of the client is given', () => {
    const unpinned = sources('src/client')
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/new Intl\.(?:NumberFormat|DateTimeFormat|RelativeTimeFormat)\(([^,)]*)/g)].map((m) => `${file}: ${m[1]}`))
      .filter((call) => !/numberLocale\(/.test(call));
    expect(unpinned).toEqual([]);
  });
});
