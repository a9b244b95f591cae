/** schema.org JSON-LD for the pages (FAQPage, HowTo, WebSite, Organization, Article). */
import type { FaqEntry } from './content-types.ts';

export function faqPageData(entries: FaqEntry[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({ '@type': 'Question', name: e.q, acceptedAnswer: { '@type': 'Answer', text: e.a } })),
  };
}

export function howToData(name: string, steps: { title: string; text: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name,
    step: steps.map((s, i) => ({ '@type': 'HowToStep', position: i + 1, name: s.title, text: s.text })),
  };
}

export function websiteData(origin: string, url: string, lang: string): object {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Gramsave', url, inLanguage: lang, publisher: { '@id': `${origin}/#organization` } };
}

export function organizationData(origin: string): object {
  return { '@context': 'https://schema.org', '@type': 'Organization', '@id': `${origin}/#organization`, name: 'Gramsave', url: origin, logo: `${origin}/favicon.svg` };
}

export function articleData(input: { title: string; description: string; date: string; url: string; lang: string; origin: string }): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.title,
    description: input.description,
    datePublished: input.date,
    dateModified: input.date,
    inLanguage: input.lang,
    mainEntityOfPage: input.url,
    author: { '@type': 'Organization', name: 'Gramsave', url: input.origin },
    publisher: { '@type': 'Organization', name: 'Gramsave', logo: { '@type': 'ImageObject', url: `${input.origin}/favicon.svg` } },
  };
}
