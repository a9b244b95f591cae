/**
 * The codes of the site's 22 languages and their writing direction: all that routing, the page's <html lang dir>
 * and hreflang need. It is in every page's start chunk, so the names and locales (languages.ts) are kept apart.
 * `en` is the default and has no path prefix. Filipino is `tl` everywhere (path, lang, hreflang): ISO 639-1 has
 * no `fil`, and one code avoids a mapping that could drift.
 */
export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh', 'hi', 'ar', 'fa', 'bn', 'id', 'ms', 'tl', 'th', 'vi', 'tr', 'pl', 'uk'] as const;

export type Language = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The cookie holding the visitor's saved language (spec §3 names `i18next`): every page writes it beside
 * localStorage, so the server answers `/` in that language before any script runs (issue 37 point 6).
 */
export const SAVED_LANGUAGE_COOKIE = 'i18next';

const RIGHT_TO_LEFT: readonly Language[] = ['ar', 'fa'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function textDirection(lang: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.includes(lang) ? 'rtl' : 'ltr';
}
