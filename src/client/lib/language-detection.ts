/**
 * Which language a visitor prefers (spec §2): the URL path, then the saved choice (localStorage),
 * then the browser; the other sources (query `lng`, cookie `i18next`, sessionStorage, `<html lang>`) follow.
 * The choice is cached in localStorage `i18nextLng`.
 */
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/languages.ts';
import { SAVED_LANGUAGE_KEY } from './saved-language.ts';

export const DETECTION_OPTIONS = {
  order: ['path', 'localStorage', 'navigator', 'querystring', 'cookie', 'sessionStorage', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: SAVED_LANGUAGE_KEY,
  lookupSessionStorage: 'i18nextLng',
  lookupFromPathIndex: 0,
  caches: ['localStorage'],
};

function supported(code: string): Language | undefined {
  const base = code.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** The first detected language we support, in the detection order; the default when none is. */
export function detectLanguage(order: string[] = DETECTION_OPTIONS.order): Language {
  const detector = new LanguageDetector();
  // With languageUtils present the detector returns every candidate in order, not just the first one,
  // so an unsupported saved value falls through to the next source.
  const services = { languageUtils: { getBestMatchFromCodes: () => undefined } };
  detector.init(services as never, { ...DETECTION_OPTIONS, order });
  const found = detector.detect(order);
  const candidates = Array.isArray(found) ? found : found ? [found] : [];
  for (const candidate of candidates) {
    const lang = supported(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
