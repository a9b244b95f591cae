/**
 * The interface strings of one page language: `t(key, values)` with dotted keys, `{{name}}` interpolation and
 * numbers written by Intl.NumberFormat, plural keys chosen by Intl.PluralRules (`key_one`, `key_few`, `key_other`…, `key_zero` for a count of 0),
 * the JSON v4 format of our locale files. It replaces i18next + react-i18next (17.5 KB gzip of the home page's
 * JavaScript) with the little of them we use. Values are not escaped: React escapes what it renders.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { Language } from '../../shared/language-codes.ts';
import { numberLocale, writesWesternDigits } from './number-locale.ts';

export interface Strings {
  [key: string]: string | Strings;
}

export type TranslateValues = Record<string, unknown> & { count?: number };

export interface Translator {
  language: Language;
  t(key: string, values?: TranslateValues): string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(strings: Strings, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator(language: Language, strings: Strings): Translator {
  // Intl's formatters are made on first need, not with the translator: the first one of a page loads ICU's data,
  // 45 ms of the main thread inside the home page's hydration in a Lighthouse trace (CPU profile, 2026-11-27; 69 ms
  // for a first NumberFormat in Node), the longest task Lighthouse counted as blocking, for strings that mostly
  // hold neither a count nor a number. A whole number in Western digits is written as Intl would write it without
  // grouping (translator.test.ts checks every language), so the footer's year needs no formatter either.
  let plurals: Intl.PluralRules | undefined;
  let numbers: Intl.NumberFormat | undefined;
  const western = writesWesternDigits(language);
  // Numbers in the page's digits (number-locale.ts: Persian ۱۲, Bengali ১২, the others 12, in every engine); no grouping,
  // since a year or a pixel width must not read "2,026".
  const show = (value: unknown) => {
    if (typeof value !== 'number') return String(value);
    if (western && Number.isSafeInteger(value) && value >= 0) return String(value);
    numbers ??= new Intl.NumberFormat(numberLocale(language), { useGrouping: false, maximumFractionDigits: 2 });
    return numbers.format(value);
  };
  const pluralOf = (count: number) => (plurals ??= new Intl.PluralRules(language)).select(count);
  const find = (key: string, count: number | undefined): string | undefined => {
    if (typeof count !== 'number') return lookup(strings, key);
    return (count === 0 ? lookup(strings, `${key}_zero`) : undefined) ?? lookup(strings, `${key}_${pluralOf(count)}`) ?? lookup(strings, `${key}_other`) ?? lookup(strings, key);
  };
  return {
    language,
    t(key, values) {
      const template = find(key, values?.count);
      // A missing key shows itself, as i18next did: visible in review, never a crash.
      if (template === undefined) return key;
      if (!values) return template;
      return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? show(values[name]) : whole));
    },
  };
}

const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/** The page's translator; `{ t }` as components used it from react-i18next. */
export function useTranslation(): { t: Translator['t']; language: Language } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside TranslatorProvider');
  return { t: translator.t, language: translator.language };
}
