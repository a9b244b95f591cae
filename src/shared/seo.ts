/** Canonical and hreflang links for a page (every page lists all 22 languages plus x-default). */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './language-codes.ts';
import type { Language } from './language-codes.ts';
import { canonicalPath, localizePath, splitLanguage } from './routes.ts';

export interface SeoLinks {
  canonical: string;
  alternates: { hreflang: string; href: string }[];
}

export function buildSeoLinks(origin: string, pathname: string): SeoLinks {
  const { lang, path } = splitLanguage(pathname);
  return seoLinksOf(origin, lang, canonicalPath(DEFAULT_LANGUAGE, path));
}

/**
 * The same links when the page knows its canonical path (without language prefix): what the pages' head tags
 * use, so the page table that finds a path's canonical (every article's slug) stays out of the browser's start.
 */
export function seoLinksOf(origin: string, lang: Language, canonical: string): SeoLinks {
  const base = origin.replace(/\/+$/, '');
  const alternates: SeoLinks['alternates'] = LANGUAGE_CODES.map((code) => ({ hreflang: code, href: base + localizePath(code, canonical) }));
  alternates.push({ hreflang: 'x-default', href: base + localizePath(DEFAULT_LANGUAGE, canonical) });
  return { canonical: base + localizePath(lang, canonical), alternates };
}
