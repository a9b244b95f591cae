/** Canonical and hreflang links for a page (every page lists all 11 languages plus x-default). */
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { canonicalPath, splitLanguage } from './routes.ts';

export interface SeoLinks {
  canonical: string;
  alternates: { hreflang: string; href: string }[];
}

export function buildSeoLinks(origin: string, pathname: string): SeoLinks {
  const base = origin.replace(/\/+$/, '');
  const { lang, path } = splitLanguage(pathname);
  const alternates: SeoLinks['alternates'] = LANGUAGES.map((l) => ({ hreflang: l.code, href: base + canonicalPath(l.code, path) }));
  alternates.push({ hreflang: 'x-default', href: base + canonicalPath(DEFAULT_LANGUAGE, path) });
  return { canonical: base + canonicalPath(lang as Language, path), alternates };
}
