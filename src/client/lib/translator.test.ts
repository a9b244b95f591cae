import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
