/**
 * A page's head tags (lib/seo.ts), built by its route's loader when the page is prerendered and handed to the
 * route's `meta` with the page's data (lib/page-head.ts). The code that builds them (the 23 hreflang links, Open
 * Graph, the JSON-LD) and the strings it reads stay out of the browser's JavaScript; a move inside the site reads
 * the next page's head from that page's data, as it reads the page.
 */
import type { MetaDescriptor } from 'react-router';
import type { Language } from '../../shared/language-codes.ts';
import { languageInfo } from '../../shared/languages.ts';
import { ogImagePath } from '../../shared/og-image.ts';
import { splitLanguage } from '../../shared/paths.ts';
import { readLocale } from './content.server.ts';
import { pageMeta, type PageMetaInput } from './seo.ts';

type PageTexts = Record<string, { title: string; description: string }>;

/** The origin the build is made for; the server writes the operator's over it at start (server/http/site-origin.ts). */
export function siteOrigin(): string {
  return (process.env.PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/+$/, '');
}

/** A page's title and description in the language (common.json's `pages.<page>`). */
export function pageTexts(lang: Language, page: string): { title: string; description: string } {
  const pages = readLocale<{ pages: PageTexts }>(lang, 'common').pages;
  return { title: pages[page]?.title ?? `pages.${page}.title`, description: pages[page]?.description ?? `pages.${page}.description` };
}

export type PageHeadInput = Omit<PageMetaInput, 'pathname' | 'origin' | 'ogLocale' | 'ogImage'>;

/** The head tags of the page at the request's address. */
export function pageHead(request: Request, input: PageHeadInput): MetaDescriptor[] {
  const { pathname } = new URL(request.url);
  const { lang } = splitLanguage(pathname);
  // The language's share picture shows the home page's title (scripts/og-images.ts), which is its alt text.
  const shareTitle = pageTexts(lang, 'home').title;
  return pageMeta({ ...input, pathname, origin: siteOrigin(), ogLocale: languageInfo(lang).ogLocale, ogImage: { path: ogImagePath(lang, shareTitle), alt: shareTitle } });
}
