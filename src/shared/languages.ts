/**
 * The languages' names and Open Graph locales, for the language menu and build-time meta tags. Not for the start
 * chunk: code that runs on every page imports language-codes.ts instead.
 */
import type { Language } from './language-codes.ts';

export interface LanguageInfo {
  code: Language;
  nativeName: string;
  ogLocale: string;
}

export const LANGUAGES: readonly LanguageInfo[] = [
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
  { code: 'ar', nativeName: 'العربية', ogLocale: 'ar_AR' },
  { code: 'fa', nativeName: 'فارسی', ogLocale: 'fa_IR' },
  { code: 'bn', nativeName: 'বাংলা', ogLocale: 'bn_BD' },
  { code: 'id', nativeName: 'Bahasa Indonesia', ogLocale: 'id_ID' },
  { code: 'ms', nativeName: 'Bahasa Melayu', ogLocale: 'ms_MY' },
  { code: 'tl', nativeName: 'Filipino', ogLocale: 'tl_PH' },
  { code: 'th', nativeName: 'ไทย', ogLocale: 'th_TH' },
  { code: 'vi', nativeName: 'Tiếng Việt', ogLocale: 'vi_VN' },
  { code: 'tr', nativeName: 'Türkçe', ogLocale: 'tr_TR' },
  { code: 'pl', nativeName: 'Polski', ogLocale: 'pl_PL' },
  { code: 'uk', nativeName: 'Українська', ogLocale: 'uk_UA' },
];

export function languageInfo(code: Language): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0]!;
}

