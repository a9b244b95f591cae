import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { numberLocale } from './number-locale.ts';
import { createTranslator, type Strings } from './translator.ts';

const strings: Strings = {
  footer: { copyright: '© {{year}} Gramsave' },
  found_one: 'Found {{count}} file',
  found_other: 'Found {{count}} files',
  plain: 'No values {{here}}',
};

describe('createTranslator', () => {
  const { t } = createTranslator('en', strings);
  it('looks up dotted keys and interpolates values', () => {
    expect(t('footer.copyright', { year: 2026 })).toBe('© 2026 Gramsave');
  });
  it('picks the plural form by count', () => {
    expect(t('found', { count: 1 })).toBe('Found 1 file');
    expect(t('found', { count: 4 })).toBe('Found 4 files');
    expect(t('found', { count: 0 })).toBe('Found 0 files');
  });
  it('leaves unknown placeholders and returns the key when missing', () => {
    expect(t('plain', { other: 1 })).toBe('No values {{here}}');
    expect(t('plain')).toBe('No values {{here}}');
    expect(t('footer.nothing')).toBe('footer.nothing');
    expect(t('footer')).toBe('footer');
  });
  it('uses each language’s plural categories (Russian few/many) from the real locale file', () => {
    const ru = JSON.parse(readFileSync('content/locales/ru/common.json', 'utf8')) as Strings;
    const { t: tr } = createTranslator('ru', ru);
    const [group, forms] = Object.entries(ru).find(([, v]) => typeof v === 'object' && Object.keys(v).some((k) => k.endsWith('_few'))) as [string, Record<string, string>];
    const stem = Object.keys(forms).find((k) => k.endsWith('_few'))!.replace(/_few$/, '');
    const key = `${group}.${stem}`;
    expect(tr(key, { count: 3 })).toBe(forms[`${stem}_few`]!.replace('{{count}}', '3'));
    expect(tr(key, { count: 5 })).toBe(forms[`${stem}_many`]!.replace('{{count}}', '5'));
    expect(tr(key, { count: 21 })).toBe(forms[`${stem}_one`]!.replace('{{count}}', '21'));
  });
  it('does not escape: React does', () => {
    expect(createTranslator('en', { x: '{{v}}' }).t('x', { v: '<b>' })).toBe('<b>');
  });
});

describe('numbers in the page language', () => {
  it('writes counts in the digits Intl gives each language (Persian ۱۲, Bengali ১২), never grouped', () => {
    const strings = { found_one: '{{count}} item', found_other: '{{count}} items', year: '© {{year}}' };
    expect(createTranslator('fa', strings).t('found', { count: 12 })).toBe('۱۲ items');
    expect(createTranslator('bn', strings).t('found', { count: 12 })).toBe('১২ items');
    // CLDR 44 made Latin digits the default of plain `ar`; the page follows Intl, whichever it is.
    expect(createTranslator('ar', strings).t('found', { count: 12 })).toBe(`${new Intl.NumberFormat('ar').format(12)} items`);
    expect(createTranslator('en', strings).t('year', { year: 2026 })).toBe('© 2026');
    expect(createTranslator('tr', strings).t('year', { year: 2026 })).toBe('© 2026');
  });

  it('chooses Polish and Ukrainian plural forms for one, few and many', () => {
    const strings = { files_one: 'one', files_few: 'few', files_many: 'many', files_other: 'other' };
    const pl = createTranslator('pl', strings);
    expect([1, 3, 5, 22, 25].map((count) => pl.t('files', { count }))).toEqual(['one', 'few', 'many', 'few', 'many']);
    const uk = createTranslator('uk', strings);
    expect([1, 21, 3, 11].map((count) => uk.t('files', { count }))).toEqual(['one', 'one', 'few', 'many']);
  });
});

describe('Intl on first need', () => {
  const real = { NumberFormat: Intl.NumberFormat, PluralRules: Intl.PluralRules };
  const made = { NumberFormat: 0, PluralRules: 0 };
  // Intl's own constructors, counted.
  beforeEach(() => {
    for (const name of ['NumberFormat', 'PluralRules'] as const) {
      made[name] = 0;
      Object.assign(Intl, { [name]: new Proxy(real[name], { construct: (target, args) => (made[name]++, Reflect.construct(target, args) as object) }) });
    }
  });
  afterEach(() => Object.assign(Intl, real));

  it('makes no formatter for strings without a count or a fraction, and each at most once', () => {
    const strings = { year: '© {{year}} Gramsave', plain: 'Paste a link', found_one: '{{count}} file', found_other: '{{count}} files', size: '{{mb}} MB' };
    const { t } = createTranslator('en', strings);
    expect([t('plain'), t('year', { year: 2026 })]).toEqual(['Paste a link', '© 2026 Gramsave']);
    expect(made).toEqual({ NumberFormat: 0, PluralRules: 0 });
    expect([t('found', { count: 1 }), t('found', { count: 2 })]).toEqual(['1 file', '2 files']);
    expect(made.PluralRules).toBe(1);
    expect([t('size', { mb: 1.5 }), t('size', { mb: 2.25 })]).toEqual(['1.5 MB', '2.25 MB']);
    expect(made.NumberFormat).toBe(1);
  });

  it('writes whole numbers as Intl would in every language, without a formatter where the digits are Western', () => {
    for (const lang of LANGUAGE_CODES) {
      const intl = new Intl.NumberFormat(numberLocale(lang), { useGrouping: false, maximumFractionDigits: 2 });
      const { t } = createTranslator(lang, { n: '{{n}}' });
      for (const n of [0, 7, 12, 1080, 2026, 123456789, -3, 2.5]) expect(t('n', { n }), `${lang} ${n}`).toBe(intl.format(n));
    }
  });
});
