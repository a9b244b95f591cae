/** The visitor's saved language: localStorage `i18nextLng` (spec §3 names it), read by the detector. */
import type { Language } from '../../shared/language-codes.ts';

export const SAVED_LANGUAGE_KEY = 'i18nextLng';

export function saveLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(SAVED_LANGUAGE_KEY, lang);
  } catch (err) {
    // Private modes can refuse storage; the path still carries the language.
    console.debug('language not saved', err);
  }
}
