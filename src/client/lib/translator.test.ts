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
