/**
 * Applies the visitor's language. The page's language comes from its URL; the server already sends `/` to the
 * saved (else the browser's) language before any script runs (http/visitor-language.ts, issue 37 point 6). Here, on
 * the bare `/`, the same rule runs again where the server could not see the choice (one saved in localStorage
 * before the cookie existed, a development server): a supported language other than English redirects to
 * `/{lang}` (spec §2), with a spinner instead of the English page while that happens. Every page records its
 * language as the saved one (localStorage and the cookie the server reads).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/language-codes.ts';
import { localizePath } from '../../shared/routes.ts';
import { saveLanguage } from '../lib/saved-language.ts';
import { Spinner } from './Spinner.tsx';

export function LanguageGate({ lang, children }: { lang: Language; children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    // Every other page only records its own language: the detector is needed, and loaded, on `/` alone.
    if (pathname !== '/') {
      saveLanguage(lang);
      return;
    }
    let cancelled = false;
    void import('../lib/language-detection.ts').then(({ detectLanguage }) => {
      if (cancelled) return;
      const preferred = detectLanguage();
      if (preferred !== DEFAULT_LANGUAGE) {
        setRedirecting(true);
        window.location.replace(localizePath(preferred, '/') + search + hash);
        return;
      }
      saveLanguage(lang);
    });
    return () => {
      cancelled = true;
    };
  }, [lang, pathname, search, hash]);

  return (
    <>
      {children}
      {redirecting && (
        <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-white">
          <Spinner label="Loading…" />
        </div>
      )}
    </>
  );
}
