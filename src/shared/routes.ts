/**
 * The site's route table (spec §2). Paths here carry no language prefix; every page also exists
 * under `/{lang}` for each non-default language. The client's route config, the prerender list,
 * the sitemap and the server's redirect rules are all derived from this one table.
 */
import { BLOG_SLUGS } from './blog-posts.ts';
import { LANGUAGE_CODES, type Language } from './language-codes.ts';
import { HOME_ALIASES, localizePath, splitLanguage } from './paths.ts';
import { TOOLS, type ToolId } from './tools.ts';

export { HOME_ALIASES, homeOrToolKind, localizePath, splitLanguage, switchLanguage } from './paths.ts';

export type PageKind =
  | { page: 'home' }
  | { page: 'tool'; tool: ToolId }
  | { page: 'blog' }
  | { page: 'blogPost' }
  | { page: 'contact' }
  | { page: 'terms' }
  | { page: 'privacy' };

export interface SitePage {
  /** Route pattern without language prefix: '/', '/contact', '/blog/:slug'. */
  pattern: string;
  kind: PageKind;
  /** Path of the page this one duplicates, for the canonical link; absent when it is canonical itself. */
  canonicalOf?: (path: string) => string;
}

/** Where each language's 404 page is prerendered; the server answers it, with status 404, for unknown paths. */
export const NOT_FOUND_PATH = '/__gramsave/not-found';

/**
 * Addresses people guess, sent to the page they mean instead of the blog: the short words (/faq, /stories, /dp…)
 * and a singular/plural or download/downloader slip in a tool's address.
 */
function nearMisses(): Record<string, string> {
  const toolPath = (id: string) => TOOLS.find((tool) => tool.id === id)!.path;
  const near: Record<string, string> = {
    '/faq': '/#faq',
    '/download': '/',
    '/downloader': '/',
    '/videos': toolPath('video'),
    '/photos': toolPath('photo'),
    '/stories': toolPath('story'),
    '/igtv': toolPath('igtv'),
    '/threads': toolPath('threads'),
    '/dp': toolPath('profile'),
    '/profile': toolPath('profile'),
    '/profile-picture': toolPath('profile'),
  };
  const words: [RegExp, string][] = [
    [/reels/, 'reel'],
    [/reel(?!s)/, 'reels'],
    [/story/, 'stories'],
    [/stories/, 'story'],
    [/video(?!s)/, 'videos'],
    [/photo(?!s)/, 'photos'],
  ];
  for (const tool of TOOLS) {
    const ending = tool.path.endsWith('downloader') ? [tool.path, tool.path.replace(/downloader$/, 'download')] : [tool.path, `${tool.path}er`];
    for (const base of ending) {
      for (const candidate of [base, ...words.filter(([from]) => from.test(base)).map(([from, to]) => base.replace(from, to))]) {
        if (candidate !== tool.path) near[candidate] ??= tool.path;
      }
    }
  }
  return near;
}

/** HTTP redirects (spec: /reels → reels downloader), and the near misses above. */
// Pure: a page that needs none of these tables (the start chunk) does not carry them.
export const REDIRECTS: Readonly<Record<string, string>> = /* @__PURE__ */ (() => ({ ...nearMisses(), '/reels': '/instagram-reels-downloader' }))();

export const SITE_PAGES: readonly SitePage[] = /* @__PURE__ */ (() => [
  { pattern: '/', kind: { page: 'home' } },
  ...HOME_ALIASES.map((p): SitePage => ({ pattern: p, kind: { page: 'home' }, canonicalOf: () => '/' })),
  ...TOOLS.map((t): SitePage => ({ pattern: t.path, kind: { page: 'tool', tool: t.id } })),
  { pattern: '/blog', kind: { page: 'blog' } },
  { pattern: '/blog/:slug', kind: { page: 'blogPost' } },
  { pattern: '/:slug', kind: { page: 'blogPost' }, canonicalOf: (path) => `/blog${path}` },
  { pattern: '/contact', kind: { page: 'contact' } },
  { pattern: '/terms', kind: { page: 'terms' } },
  { pattern: '/privacy', kind: { page: 'privacy' } },
])();

/** Concrete paths of one page pattern (the blog patterns expand to every slug). */
export function expandPattern(pattern: string): string[] {
  if (!pattern.includes(':slug')) return [pattern];
  return BLOG_SLUGS.map((slug) => pattern.replace(':slug', slug));
}

/** Every concrete page path without language prefix, aliases included. */
export function allPagePaths(): string[] {
  return SITE_PAGES.flatMap((p) => expandPattern(p.pattern));
}

/** Every concrete page path that is its own canonical (what the sitemap lists). */
export function canonicalPagePaths(): string[] {
  return SITE_PAGES.filter((p) => !p.canonicalOf).flatMap((p) => expandPattern(p.pattern));
}

/** The canonical path (with language prefix) of a concrete page path. */
export function canonicalPath(lang: Language, path: string): string {
  const page = findPage(path);
  const target = page?.canonicalOf ? page.canonicalOf(path) : path;
  return localizePath(lang, target);
}

export function findPage(path: string): SitePage | undefined {
  return SITE_PAGES.find((p) => expandPattern(p.pattern).includes(path));
}

export type PathDecision =
  | { type: 'page'; lang: Language; path: string }
  | { type: 'redirect'; location: string }
  | { type: 'notFound'; lang: Language };

/**
 * What the server does with a request path that is not a static file: a page, a redirect (the /reels rule and the
 * near misses; a trailing slash on a known address; an unknown article → /blog), or not found. An unknown address
 * is not sent to the blog (issue 37 point 14): the server tries it as an Instagram path on our address (point 16,
 * http/instagram-address.ts), and else answers the 404 page, which offers the tools.
 */
export function decidePath(pathname: string): PathDecision {
  const { lang, path } = splitLanguage(pathname);
  // No page has an empty segment, a backslash or a control character; redirecting such a path could send
  // the browser off our origin (`//evil.com`, `/\evil.com`), so it is a plain 404.
  if (!isPlainPath(pathname)) return { type: 'notFound', lang };
  const explicitEn = pathname === '/en' || pathname.startsWith('/en/');
  if (explicitEn) return { type: 'redirect', location: pathname.slice(3) || '/' };
  const trimmed = path.replace(/\/+$/, '') || '/';
  const known = knownPath(lang, trimmed);
  if (known && pathname.length > 1 && pathname.endsWith('/')) return { type: 'redirect', location: pathname.replace(/\/+$/, '') || '/' };
  return known ?? { type: 'notFound', lang };
}

/** A page, a redirect rule's target, or the blog for an unknown article; undefined for an address we do not have. */
function knownPath(lang: Language, path: string): PathDecision | undefined {
  const redirect = REDIRECTS[path];
  if (redirect) {
    const [target, fragment] = redirect.split('#') as [string, string | undefined];
    return { type: 'redirect', location: localizePath(lang, target) + (fragment ? `#${fragment}` : '') };
  }
  if (findPage(path)) return { type: 'page', lang, path };
  const segments = path.split('/').filter(Boolean);
  // Spec: an unknown article slug goes back to the blog list.
  if (segments.length === 2 && segments[0] === 'blog' && !segments[1]!.includes('.')) {
    return { type: 'redirect', location: localizePath(lang, '/blog') };
  }
  return undefined;
}

/** A decoded request path that is safe to answer with a redirect: one leading slash, nothing odd after it. */
export function isPlainPath(pathname: string): boolean {
  return pathname.startsWith('/') && !/\/\/|\\/.test(pathname.replace(/\/+$/, '/')) && !hasControlCharacter(pathname);
}

/** A redirect target that stays on our origin: exactly one leading `/`, then no `/` or `\\`, and no scheme. */
export function isSameOriginPath(location: string): boolean {
  return /^\/(?![/\\])/.test(location) && !location.includes('\\') && !hasControlCharacter(location);
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export { LANGUAGE_CODES };
