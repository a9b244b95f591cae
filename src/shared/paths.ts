/**
 * Addresses without the page table: a path's language prefix, and whether it shows the home page or a tool. This
 * is what the browser's start needs (the site shell, the downloader). The page table in routes.ts, which re-exports
 * these, holds every article's slug and the redirect rules: the server, the build and the blog's own pages use it.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './language-codes.ts';
import { TOOLS, type ToolId } from './tools.ts';

/** Paths that show the home page (spec: /video, /photo, /story, /reel). */
export const HOME_ALIASES = ['/video', '/photo', '/story', '/reel'] as const;

export function localizePath(lang: Language, path: string): string {
  if (lang === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

/** Split `/fr/contact` into `fr` and `/contact`; a path without a language prefix is English. */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  if (first !== undefined && first !== DEFAULT_LANGUAGE && isLanguage(first)) {
    return { lang: first, path: '/' + segments.slice(1).join('/') };
  }
  return { lang: DEFAULT_LANGUAGE, path: '/' + segments.join('/') };
}

/** Replace (or add) the language prefix of a path: what the language menu does. */
export function switchLanguage(pathname: string, to: Language): string {
  return localizePath(to, splitLanguage(pathname).path);
}

/** The kind of a home or tool page, else undefined: what the site shell asks, answered without the blog's table. */
export function homeOrToolKind(path: string): { page: 'home' } | { page: 'tool'; tool: ToolId } | undefined {
  if (path === '/' || (HOME_ALIASES as readonly string[]).includes(path)) return { page: 'home' };
  const tool = TOOLS.find((t) => t.path === path);
  return tool ? { page: 'tool', tool: tool.id } : undefined;
}
