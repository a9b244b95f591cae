/**
 * The visitor's language as the server sees it on the first request (issue 37 point 6): the saved choice (the
 * `i18next` cookie every page writes, so a language chosen in the menu wins), else the browser's
 * `Accept-Language`, else none (crawlers send none: they get English, as before). An answer that depends on it
 * names both headers in `Vary`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { SAVED_LANGUAGE_COOKIE, isLanguage, type Language } from '../../shared/language-codes.ts';
import { acceptedLanguage } from '../../shared/language-match.ts';

export const LANGUAGE_VARY = 'Accept-Language, Cookie';

export function savedLanguage(cookieHeader: string | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== SAVED_LANGUAGE_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (isLanguage(value)) return value;
  }
  return undefined;
}

export function visitorLanguage(headers: IncomingHttpHeaders): Language | undefined {
  return savedLanguage(headers.cookie) ?? acceptedLanguage(headers['accept-language']);
}

/**
 * A top-level visit, which a redirect may send elsewhere: a navigation, or a client without Fetch Metadata (an
 * older browser, curl). Never the service worker's own fetch of `/` for its shell (`Sec-Fetch-Mode: cors` or
 * `same-origin`), which must stay the English shell it keeps.
 */
export function isVisit(headers: IncomingHttpHeaders): boolean {
  const mode = headers['sec-fetch-mode'];
  return mode === undefined || mode === 'navigate';
}
