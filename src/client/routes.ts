/**
 * Route config, derived from the shared route table: every page once without a language prefix (English) and
 * once under a `:lang` prefix (the other ten), plus a catch-all each that renders the translated 404 page.
 * Loaders read the language from the path (splitLanguage), so one route serves ten languages and the route
 * manifest every page downloads stays small; the prerender list still names every page in every language.
 * The other languages' home pages and short article addresses keep a static route each: `/:lang` would tie with
 * English's `/:slug`, and `/:lang/:slug` would catch every unknown two-segment path.
 */
import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { LANGUAGE_CODES } from '../shared/language-codes.ts';
import { SITE_PAGES, type PageKind } from '../shared/routes.ts';

const MODULES: Record<PageKind['page'], string> = {
  home: 'routes/home.tsx',
  tool: 'routes/tool.tsx',
  blog: 'routes/blog.tsx',
  blogPost: 'routes/blog-post.tsx',
  contact: 'routes/contact.tsx',
  terms: 'routes/legal.tsx',
  privacy: 'routes/legal.tsx',
};

const english = [
  ...SITE_PAGES.map((page) =>
    page.pattern === '/' ? index(MODULES.home, { id: 'en/' }) : route(page.pattern.slice(1), MODULES[page.kind.page], { id: `en${page.pattern}` }),
  ),
  route('*', 'routes/not-found.tsx', { id: 'en/*' }),
];

const otherLanguages = [
  ...LANGUAGE_CODES.filter((lang) => lang !== 'en').map((lang) => route(lang, MODULES.home, { id: `${lang}/` })),
  ...SITE_PAGES.filter((page) => page.pattern !== '/' && page.pattern !== '/:slug').map((page) =>
    route(`:lang${page.pattern}`, MODULES[page.kind.page], { id: `lang${page.pattern}` }),
  ),
  // A short article address under each real language only: `:lang/:slug` would take any two-segment path (the
  // prerendered 404 `/__gramsave/not-found` among them, which then became a redirect to the blog).
  ...LANGUAGE_CODES.filter((lang) => lang !== 'en').map((lang) => route(`${lang}/:slug`, MODULES.blogPost, { id: `${lang}/:slug` })),
  route(':lang/*', 'routes/not-found.tsx', { id: 'lang/*' }),
];

export default [...english, ...otherLanguages] satisfies RouteConfig;
