/**
 * The head tags of a page: title, description, canonical, hreflang alternates, Open Graph (with the language's
 * share picture) and X's card. X reads twitter:title, twitter:description and twitter:image from og:title,
 * og:description and og:image when they are absent (developer.x.com/cards/markup, read 2026-11-27), so only the
 * tags without an Open Graph twin are written: the card type (a large picture) and the picture's alt text. Every
 * tag is in every page's JavaScript too, which builds the head again on a move inside the site.
 */
import type { MetaDescriptor } from 'react-router';
import { splitLanguage } from '../../shared/paths.ts';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from '../../shared/og-image.ts';
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
  /** From the root loader: the language's share picture (path on the site) and its alt text. */
  ogImage: { path: string; alt: string };
  type?: 'website' | 'article';
  structuredData?: object[];
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { canonical, alternates } = seoLinksOf(input.origin, splitLanguage(input.pathname).lang, input.canonical);
  const image = input.origin + input.ogImage.path;
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
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(OG_IMAGE_WIDTH) },
    { property: 'og:image:height', content: String(OG_IMAGE_HEIGHT) },
    { property: 'og:image:alt', content: input.ogImage.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image:alt', content: input.ogImage.alt },
  ];
  for (const data of input.structuredData ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}
