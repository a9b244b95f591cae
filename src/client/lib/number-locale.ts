/**
 * The locale every number and date of the page is written with: the page's language with its numbering system
 * named (issue 37 point 15). Without it, the engines' ICU versions disagree: WebKitGTK's (Debian's ICU 72) writes
 * Arabic with Arabic-Indic digits (١٢) where Chromium and Node (ICU 74+) write 12, so a WebKit label mixed ١٫٣
 * from Intl with the 1080p and 12 written in the strings. Persian and Bengali keep their own digits, as every
 * engine writes them; every other language writes Western digits.
 */
import type { Language } from '../../shared/language-codes.ts';

const OWN_DIGITS: Partial<Record<Language, string>> = { fa: 'arabext', bn: 'beng' };

export function numberLocale(lang: Language): string {
  return `${lang}-u-nu-${OWN_DIGITS[lang] ?? 'latn'}`;
}
