/**
 * The visitor's saved language: localStorage `i18nextLng` (spec §3 names it; nothing reads it since the page's own
 * detector on `/` gave way to the server's), and the cookie `i18next`, read by the server: `/` and an unknown address answer in it before any script runs (issue 37 point 6),
 * so a language chosen in the menu wins over the browser's `Accept-Language`.
 */
import { SAVED_LANGUAGE_COOKIE, type Language } from '../../shared/language-codes.ts';

export const SAVED_LANGUAGE_KEY = 'i18nextLng';

/** A year; `Lax`, so it comes with a visit from a search result or a shared link (`Strict` would not). */
const COOKIE_ATTRIBUTES = '; Path=/; Max-Age=31536000; SameSite=Lax';

export function saveLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(SAVED_LANGUAGE_KEY, lang);
  } catch (err) {
    // Private modes can refuse storage; the path still carries the language.
    console.debug('language not saved', err);
  }
  try {
    document.cookie = `${SAVED_LANGUAGE_COOKIE}=${lang}${COOKIE_ATTRIBUTES}`;
  } catch (err) {
    console.debug('language cookie not saved', err);
  }
}
