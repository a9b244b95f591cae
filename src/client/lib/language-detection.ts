/**
 * Which language a visitor prefers (spec §2): the URL path, then the saved choice (localStorage),
 * then the browser; the other sources (query `lng`, cookie `i18next`, sessionStorage, `<html lang>`) follow.
 * The choice is cached in localStorage `i18nextLng` (saved-language.ts).
 *
 * The sources are read here rather than through i18next-browser-languagedetector: the same seven lookups, in
 * the same order and with the same names, in a fifth of its 2.4 KB — it loaded on every visit to `/`, and the
 * home page's JavaScript was over its budget (issue 24).
 */
import { DEFAULT_LANGUAGE, SAVED_LANGUAGE_COOKIE, type Language } from '../../shared/language-codes.ts';
import { supportedLanguage } from '../../shared/language-match.ts';
import { SAVED_LANGUAGE_KEY } from './saved-language.ts';

export { supportedLanguage };

export const DETECTION_OPTIONS = {
  order: ['path', 'localStorage', 'navigator', 'querystring', 'cookie', 'sessionStorage', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: SAVED_LANGUAGE_COOKIE,
  lookupLocalStorage: SAVED_LANGUAGE_KEY,
  lookupSessionStorage: 'i18nextLng',
  lookupFromPathIndex: 0,
  caches: ['localStorage'],
};

/** Storage can throw (private modes, blocked cookies): a source that cannot be read has nothing to say. */
function read(source: () => string | null | undefined): string[] {
  try {
    const value = source();
    return value ? [value] : [];
  } catch {
    return [];
  }
}

const SOURCES: Record<string, () => string[]> = {
  path: () => read(() => window.location.pathname.split('/').filter(Boolean)[DETECTION_OPTIONS.lookupFromPathIndex]),
  localStorage: () => read(() => window.localStorage.getItem(DETECTION_OPTIONS.lookupLocalStorage)),
  navigator: () => [...(navigator.languages ?? []), ...read(() => navigator.language)],
  querystring: () => read(() => new URLSearchParams(window.location.search).get(DETECTION_OPTIONS.lookupQuerystring)),
  cookie: () =>
    read(() => {
      const prefix = `${DETECTION_OPTIONS.lookupCookie}=`;
      return document.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(prefix))?.slice(prefix.length);
    }),
  sessionStorage: () => read(() => window.sessionStorage.getItem(DETECTION_OPTIONS.lookupSessionStorage)),
  htmlTag: () => read(() => document.documentElement.getAttribute('lang')),
};

/** The first detected language we support, in the detection order; the default when none is. */
export function detectLanguage(order: string[] = DETECTION_OPTIONS.order): Language {
  for (const source of order) {
    for (const candidate of SOURCES[source]?.() ?? []) {
      const lang = supportedLanguage(candidate);
      if (lang) return lang;
    }
  }
  return DEFAULT_LANGUAGE;
}
