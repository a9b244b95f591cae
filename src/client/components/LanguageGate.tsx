/**
 * Records the page's language as the visitor's saved one (localStorage and the `i18next` cookie, lib/saved-language.ts).
 * Which language `/` opens in is decided before any script runs: by the server on the first request
 * (http/visitor-language.ts: the saved language, else Accept-Language, else English; issue 37 point 6) and, offline,
 * by the service worker by the same rule. The page's own redirect after it had shown English (the flash the fifth
 * walk-through measured at 1.6–2.9 s) and its detector, loaded on every visit to `/`, are gone.
 */
import { useEffect, type ReactNode } from 'react';
import type { Language } from '../../shared/language-codes.ts';
import { saveLanguage } from '../lib/saved-language.ts';

export function LanguageGate({ lang, children }: { lang: Language; children: ReactNode }) {
  useEffect(() => saveLanguage(lang), [lang]);
  return <>{children}</>;
}
