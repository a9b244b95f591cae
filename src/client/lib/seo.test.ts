import type { MetaDescriptor } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allPagePaths, findPage, localizePath, type PageKind } from '../../shared/routes.ts';
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImagePath } from '../../shared/og-image.ts';
import { buildSeoLinks } from '../../shared/seo.ts';
import { readLocale } from './content.server.ts';

// Each page names its own canonical path: every page, in a few languages, must give the links the sitemap gives
// (buildSeoLinks, from the page table). The tags are built by the route's loader when the page is prerendered
// (lib/page-head.server.ts) and read from its data by the route's meta, as the browser does.
type RouteModule = { loader: (args: never) => Promise<unknown>; meta: (args: never) => MetaDescriptor[] };
const routeModules: Record<PageKind['page'], () => Promise<RouteModule>> = {
  home: () => import('../routes/home.tsx'),
  tool: () => import('../routes/tool.tsx'),
  blog: () => import('../routes/blog.tsx'),
  blogPost: () => import('../routes/blog-post.tsx'),
  contact: () => import('../routes/contact.tsx'),
  terms: () => import('../routes/legal.tsx'),
  privacy: () => import('../routes/legal.tsx'),
};

const origin = 'https://g.example';
beforeAll(() => void vi.stubEnv('PUBLIC_ORIGIN', origin));
afterAll(() => void vi.unstubAllEnvs());

/** The page's head tags as the browser's meta reads them from the data its loader made. */
async function headTags(path: string, lang: (typeof LANGUAGE_CODES)[number]): Promise<MetaDescriptor[]> {
  const { loader, meta } = await routeModules[findPage(path)!.kind.page]();
  const pathname = localizePath(lang, path);
  const loaderData = await loader({ request: new Request(origin + pathname), params: {}, context: {} } as never);
  return meta({ matches: [], location: { pathname }, loaderData, params: {} } as never);
}

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
      for (const lang of ['en', 'fr', 'ar'] as const) {
        const pathname = localizePath(lang, path);
        expect(linksOf(await headTags(path, lang)), pathname).toEqual(buildSeoLinks(origin, pathname));
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
    for (const lang of LANGUAGE_CODES) {
      const title = readLocale<{ pages: { home: { title: string } } }>(lang, 'common').pages.home.title;
      const image = origin + ogImagePath(lang, title);
      for (const path of allPagePaths()) {
        const pathname = localizePath(lang, path);
        const tags = await headTags(path, lang);
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
