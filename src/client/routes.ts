/**
 * Route config, derived from the shared route table: every page under every language prefix,
 * plus a catch-all per language that renders the translated 404 page.
 */
import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { LANGUAGE_CODES } from '../shared/languages.ts';
import { SITE_PAGES, localizePath, type PageKind } from '../shared/routes.ts';

const MODULES: Record<PageKind['page'], string> = {
  home: 'routes/home.tsx',
  tool: 'routes/tool.tsx',
  blog: 'routes/blog.tsx',
  blogPost: 'routes/blog-post.tsx',
  contact: 'routes/contact.tsx',
  terms: 'routes/legal.tsx',
  privacy: 'routes/legal.tsx',
};

export default LANGUAGE_CODES.flatMap((lang) => [
  ...SITE_PAGES.map((page) => {
    const path = localizePath(lang, page.pattern).replace(/^\//, '');
    const id = `${lang}${page.pattern}`;
    return path === '' ? index(MODULES[page.kind.page], { id }) : route(path, MODULES[page.kind.page], { id });
  }),
  route(lang === 'en' ? '*' : `${lang}/*`, 'routes/not-found.tsx', { id: `${lang}/*` }),
]) satisfies RouteConfig;
