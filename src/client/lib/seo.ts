/** The head tags of a page: title, description, canonical, hreflang alternates, Open Graph, Twitter. */
import type { MetaDescriptor } from 'react-router';
import { splitLanguage } from '../../shared/routes.ts';
import { seoLinksOf } from '../../shared/seo.ts';

export interface PageMetaInput {
  title: string;
  description: string;
  pathname: string;
  /** The page's canonical path without language prefix: `/` for the home page's aliases, `/blog/x` for `/x`. */
  canonical: string;
  origin: string;
  /** From the root loader: the locale table stays out of the page's JavaScript. */
  ogLocale: string;
  type?: 'website' | 'article';
  structuredData?: object[];
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { canonical, alternates } = seoLinksOf(input.origin, splitLanguage(input.pathname).lang, input.canonical);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.hreflang, href: a.href })),
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: 'Gramsave' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: input.ogLocale },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
  ];
  for (const data of input.structuredData ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}
