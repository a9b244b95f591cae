/**
 * A hint shown inside the left-to-right link box (its placeholder), isolated in the page's direction (issue 37
 * point 15): the box is `dir="ltr"` so a pasted link is never reordered, and an Arabic or Persian hint laid out
 * left to right broke its brackets ("(مثل …" drawn as ")… مثل("). Wrapped in RIGHT-TO-LEFT ISOLATE … POP
 * DIRECTIONAL ISOLATE, the sentence keeps its own order whatever direction the box's paragraph takes, in every
 * engine; a placeholder can hold no <bdi>.
 */
import { textDirection, type Language } from '../../shared/language-codes.ts';

export function isolatedHint(text: string, lang: Language): string {
  return textDirection(lang) === 'rtl' ? `\u2067${text}\u2069` : text;
}
