/** The eleven languages the site is written in. `en` is the default and has no path prefix. */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English', ogLocale: 'en_US' },
  { code: 'es', nativeName: 'Español', ogLocale: 'es_ES' },
  { code: 'fr', nativeName: 'Français', ogLocale: 'fr_FR' },
  { code: 'de', nativeName: 'Deutsch', ogLocale: 'de_DE' },
  { code: 'it', nativeName: 'Italiano', ogLocale: 'it_IT' },
  { code: 'pt', nativeName: 'Português', ogLocale: 'pt_BR' },
  { code: 'ru', nativeName: 'Русский', ogLocale: 'ru_RU' },
  { code: 'ja', nativeName: '日本語', ogLocale: 'ja_JP' },
  { code: 'ko', nativeName: '한국어', ogLocale: 'ko_KR' },
  { code: 'zh', nativeName: '中文', ogLocale: 'zh_CN' },
  { code: 'hi', nativeName: 'हिन्दी', ogLocale: 'hi_IN' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageInfo(code: Language) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}
