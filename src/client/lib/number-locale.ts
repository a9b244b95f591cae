/**
 * The locale every number and date of the page is written with: the page's language with its numbering system
 * named (issue 37 point 15). Without it, the engines' ICU versions disagree: WebKitGTK's (Debian's ICU 72) writes
 * Arabic with Arabic-Indic digits (١٢) where Chromium and Node (ICU 74+) write 12, so a WebKit label mixed ١٫٣
 * from Intl with the 1080p and 12 written in the strings (read 2026-11-27 in the engine suite's browsers:
 * WebKitGTK `ar` 12.5 → ١٢٫٥ and `ar-u-nu-latn` → 12.5, Firefox ESR `ar` → 12.5). Persian and Bengali keep their
 * own digits, as every engine writes them; every other language writes Western digits. The engine suite
 * (test/engines/smoke.ts, "writes one kind of digit in a label") reads labels as /ar (a carousel) and /fa (a photo) render them.
 */
import type { Language } from '../../shared/language-codes.ts';

const OWN_DIGITS: Partial<Record<Language, string>> = { fa: 'arabext', bn: 'beng' };

export function numberLocale(lang: Language): string {
  return `${lang}-u-nu-${OWN_DIGITS[lang] ?? 'latn'}`;
}

/** Whether the page writes Western digits (0-9), as every language but Persian and Bengali does. */
export function writesWesternDigits(lang: Language): boolean {
  return !OWN_DIGITS[lang];
}
