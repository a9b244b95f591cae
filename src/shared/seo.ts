/** Canonical and hreflang links for a page (every page lists all 22 languages plus x-default). */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './language-codes.ts';
import { canonicalPath, splitLanguage } from './routes.ts';

export interface SeoLinks {
  canonical: string;
  alternates: { hreflang: string; href: string }[];
}

export function buildSeoLinks(origin: string, pathname: string): SeoLinks {
  const base = origin.replace(/\/+$/, '');
  const { lang, path } = splitLanguage(pathname);
  const alternates: SeoLinks['alternates'] = LANGUAGE_CODES.map((code) => ({ hreflang: code, href: base + canonicalPath(code, path) }));
  alternates.push({ hreflang: 'x-default', href: base + canonicalPath(DEFAULT_LANGUAGE, path) });
  return { canonical: base + canonicalPath(lang, path), alternates };
}
