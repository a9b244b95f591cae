/**
 * A browser's language code as one of ours, for the page's detector (client) and the server's answer to `/` and
 * unknown addresses (issue 37 point 6): one mapping, so the server's redirect and the page's agree.
 */
import { isLanguage, type Language } from './language-codes.ts';

/** Codes browsers send for two of our languages: `in` (Indonesian's withdrawn code, still sent by Android's Java) and `fil`. */
const ALIASES: Readonly<Record<string, Language>> = { in: 'id', fil: 'tl' };

/** A browser's code (`ar-EG`, `pt_BR`, `fil-PH`, `in-ID`) as one of our languages: its base, or the base's alias. */
export function supportedLanguage(code: string): Language | undefined {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const lang = ALIASES[base] ?? base;
  return isLanguage(lang) ? lang : undefined;
}

/**
 * The first of our languages an `Accept-Language` header asks for (RFC 9110 §12.5.4: by weight, then in order;
 * `q=0` refuses, `*` names none), else undefined.
 */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranges = header.split(',').slice(0, 50).map((part, index) => {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => /^q=/i.test(p));
    const weight = q ? Number(q.slice(2)) : 1;
    return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
  });
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag, weight } of ranges) {
    if (weight <= 0 || tag === '*') continue;
    const lang = supportedLanguage(tag);
    if (lang) return lang;
  }
  return undefined;
}
