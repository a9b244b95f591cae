/**
 * The language menu's entries and its search: each language by its own name, with its name in the page's
 * language and in English beside it (from Intl.DisplayNames, so no table of 22 × 22 names ships), so a visitor
 * finds Türkçe by typing "Turkish", "Turco" or "tr".
 */
import type { Language } from '../../shared/language-codes.ts';
import { LANGUAGES } from '../../shared/languages.ts';

export interface LanguageEntry {
  code: Language;
  nativeName: string;
  /** The language's name in the page's language, when it differs from its own name. */
  localName?: string;
  /** Every name the search matches, folded. */
  searchText: string;
}

// `tl` is Tagalog to Intl; the language we offer is Filipino, whose ISO 639-2 code names it.
const displayCode = (code: Language) => (code === 'tl' ? 'fil' : code);

/** Lower case, no accents: "Türkçe" and "turkce", "Español" and "espanol" match. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function namer(locale: Language): (code: Language) => string | undefined {
  try {
    const names = new Intl.DisplayNames([displayCode(locale)], { type: 'language' });
    return (code) => names.of(displayCode(code));
  } catch {
    return () => undefined;
  }
}

export function languageEntries(pageLang: Language): LanguageEntry[] {
  const local = namer(pageLang);
  const english = namer('en');
  return LANGUAGES.map(({ code, nativeName }) => {
    const localName = local(code);
    const names = [code, nativeName, localName ?? '', english(code) ?? ''];
    return {
      code,
      nativeName,
      localName: localName && fold(localName) !== fold(nativeName) ? localName : undefined,
      searchText: fold(names.join(' ')),
    };
  });
}

export function filterLanguages(entries: readonly LanguageEntry[], query: string): LanguageEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return entries.filter((entry) => words.every((word) => entry.searchText.includes(word)));
}
