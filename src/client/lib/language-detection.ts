/**
 * Which language a visitor prefers (spec §2): the URL path, then the saved choice (localStorage),
 * then the browser; the other sources (query `lng`, cookie `i18next`, sessionStorage, `<html lang>`) follow.
 * The choice is cached in localStorage `i18nextLng`.
 */
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/language-codes.ts';
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

/** Codes browsers send for two of our languages: `in` (Indonesian's withdrawn code, still sent by Android's Java) and `fil`. */
const ALIASES: Readonly<Record<string, Language>> = { in: 'id', fil: 'tl' };

/** A browser's code (`ar-EG`, `pt_BR`, `fil-PH`, `in-ID`) as one of our languages: its base, or the base's alias. */
export function supportedLanguage(code: string): Language | undefined {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  const lang = ALIASES[base] ?? base;
  return isLanguage(lang) ? lang : undefined;
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
    const lang = supportedLanguage(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
