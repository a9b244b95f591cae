import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPagePaths, findPage, localizePath, type PageKind } from '../../shared/routes.ts';
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImagePath } from '../../shared/og-image.ts';
import { buildSeoLinks } from '../../shared/seo.ts';
import { readLocale } from './content.server.ts';
import type { RootData } from './root-data.ts';

// Each page names its own canonical path (the page table that finds it stays out of the browser's start chunk):
// every page, in a few languages, must give the links the sitemap gives (buildSeoLinks, from the page table).
const routeModules: Record<PageKind['page'], () => Promise<{ meta: (args: never) => MetaDescriptor[] }>> = {
  home: () => import('../routes/home.tsx'),
  tool: () => import('../routes/tool.tsx'),
  blog: () => import('../routes/blog.tsx'),
  blogPost: () => import('../routes/blog-post.tsx'),
  contact: () => import('../routes/contact.tsx'),
  terms: () => import('../routes/legal.tsx'),
  privacy: () => import('../routes/legal.tsx'),
};

const origin = 'https://g.example';
const root: RootData = { lang: 'en', nativeName: 'English', ogLocale: 'en_US', common: {}, origin, ogImage: { path: '/assets/og/en-0.png', alt: 'Gramsave' } };

function linksOf(tags: MetaDescriptor[]) {
  const links = tags.filter((tag) => 'tagName' in tag && tag.tagName === 'link') as { rel: string; href: string; hrefLang?: string }[];
  return {
    canonical: links.find((l) => l.rel === 'canonical')?.href,
    alternates: links.filter((l) => l.rel === 'alternate').map((l) => ({ hreflang: l.hrefLang, href: l.href })),
  };
}

describe('the pages’ head links', () => {
  it('name the canonical and alternate addresses the sitemap names, on every page and alias', async () => {
    for (const path of allPagePaths()) {
      const { meta } = await routeModules[findPage(path)!.kind.page]();
      for (const lang of ['en', 'fr', 'ar'] as const) {
        const pathname = localizePath(lang, path);
        const tags = meta({ matches: [{ id: 'root', data: { ...root, lang } }], location: { pathname }, loaderData: undefined, params: {} } as never);
        expect(linksOf(tags), pathname).toEqual(buildSeoLinks(origin, pathname));
      }
    }
  });
});

function contentOf(tags: MetaDescriptor[], key: string): string | undefined {
  const tag = tags.find((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key)) as { content?: string } | undefined;
  return tag?.content;
}

describe('the pages’ share picture (issue 37 point 13)', () => {
  it('is the language’s own, named by its home title, with its size and alt text, on every page in every language', async () => {
    const { loader } = await import('../root.tsx');
    for (const lang of LANGUAGE_CODES) {
      const data = await loader({ request: new Request(`${origin}${localizePath(lang, '/')}`), params: {}, context: {} } as never);
      const title = readLocale<{ pages: { home: { title: string } } }>(lang, 'common').pages.home.title;
      const image = origin + ogImagePath(lang, title);
      for (const path of allPagePaths()) {
        const { meta } = await routeModules[findPage(path)!.kind.page]();
        const pathname = localizePath(lang, path);
        const tags = meta({ matches: [{ id: 'root', data: { ...data, origin } }], location: { pathname }, loaderData: undefined, params: {} } as never);
        const got = ['og:image', 'og:image:width', 'og:image:height', 'og:image:alt', 'twitter:card', 'twitter:image:alt'].map((key) => contentOf(tags, key));
        expect(got, pathname).toEqual([image, String(OG_IMAGE_WIDTH), String(OG_IMAGE_HEIGHT), title, 'summary_large_image', title]);
        // X takes the card's title, description and picture from og:title, og:description and og:image when its own
        // tags are absent (developer.x.com/cards/markup, read 2026-11-27): no copies in every page's head and code.
        expect(['twitter:title', 'twitter:description', 'twitter:image'].map((key) => contentOf(tags, key)), pathname).toEqual([undefined, undefined, undefined]);
        expect(['og:title', 'og:description'].map((key) => typeof contentOf(tags, key)), pathname).toEqual(['string', 'string']);
      }
    }
  });
});
