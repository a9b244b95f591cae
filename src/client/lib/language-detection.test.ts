import { afterEach, describe, expect, it } from 'vitest';
import { DETECTION_OPTIONS, detectLanguage, supportedLanguage } from './language-detection.ts';
import { saveLanguage } from './saved-language.ts';

/** A minimal browser environment: the detector reads location, localStorage, navigator, cookies, <html lang>. */
function browser({ path = '/', search = '', stored, languages = ['en-US'], cookie = '', session, htmlLang }: {
  path?: string; search?: string; stored?: string; languages?: string[]; cookie?: string; session?: string; htmlLang?: string;
}) {
  const store = new Map<string, string>(stored ? [['i18nextLng', stored]] : []);
  const sessionStore = new Map<string, string>(session ? [['i18nextLng', session]] : []);
  const storage = (m: Map<string, string>) => ({ getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) });
  const g = globalThis as Record<string, unknown>;
  g.window = { location: { pathname: path, search, hash: '' }, localStorage: storage(store), sessionStorage: storage(sessionStore) };
  g.localStorage = (g.window as { localStorage: unknown }).localStorage;
  g.sessionStorage = (g.window as { sessionStorage: unknown }).sessionStorage;
  g.document = { cookie, documentElement: { getAttribute: (n: string) => (n === 'lang' ? htmlLang ?? null : null) } };
  Object.defineProperty(globalThis, 'navigator', { value: { languages, language: languages[0] }, configurable: true });
  return store;
}

afterEach(() => {
  const g = globalThis as Record<string, unknown>;
  delete g.window;
  delete g.localStorage;
  delete g.sessionStorage;
  delete g.document;
});

describe('language detection (spec §2)', () => {
  it('uses the order path → localStorage → navigator, then query, cookie, sessionStorage, html lang', () => {
    expect(DETECTION_OPTIONS.order).toEqual(['path', 'localStorage', 'navigator', 'querystring', 'cookie', 'sessionStorage', 'htmlTag']);
    expect(DETECTION_OPTIONS.lookupQuerystring).toBe('lng');
    expect(DETECTION_OPTIONS.lookupCookie).toBe('i18next');
    expect(DETECTION_OPTIONS.lookupLocalStorage).toBe('i18nextLng');
    expect(DETECTION_OPTIONS.caches).toEqual(['localStorage']);
  });

  it('prefers the path over a saved choice and the browser', () => {
    browser({ path: '/de/contact', stored: 'ja', languages: ['fr-FR'] });
    expect(detectLanguage()).toBe('de');
  });

  it('prefers the saved choice over the browser when the path has no language', () => {
    browser({ path: '/', stored: 'ja', languages: ['fr-FR'] });
    expect(detectLanguage()).toBe('ja');
  });

  it('falls back to the browser language, reduced to its base code', () => {
    browser({ path: '/', languages: ['pt-BR', 'en'] });
    expect(detectLanguage()).toBe('pt');
  });

  it.each([
    ['id-ID', 'id'],
    ['in-ID', 'id'],
    ['in', 'id'],
    ['tr-TR', 'tr'],
    ['ar-EG', 'ar'],
    ['ar_SA', 'ar'],
    ['fa-IR', 'fa'],
    ['fil-PH', 'tl'],
    ['fil', 'tl'],
    ['tl', 'tl'],
    ['bn-IN', 'bn'],
    ['ms-MY', 'ms'],
    ['th-TH', 'th'],
    ['vi-VN', 'vi'],
    ['pl-PL', 'pl'],
    ['uk-UA', 'uk'],
    ['pt-BR', 'pt'],
  ])('maps a browser sending %s to %s', (browserCode, lang) => {
    browser({ path: '/', languages: [browserCode, 'en'] });
    expect(detectLanguage()).toBe(lang);
  });

  it('does not take a language that merely starts like one of ours', () => {
    expect(supportedLanguage('fi-FI')).toBeUndefined();
    expect(supportedLanguage('ind')).toBeUndefined();
    expect(supportedLanguage('ara')).toBeUndefined();
  });

  it('skips unsupported languages and falls back to en', () => {
    browser({ path: '/', stored: 'xx', languages: ['nl-NL', 'sv'] });
    expect(detectLanguage()).toBe('en');
  });

  it('consults query lng, cookie, sessionStorage and html lang after the first three', () => {
    browser({ path: '/', languages: ['nl'], search: '?lng=ko' });
    expect(detectLanguage()).toBe('ko');
    browser({ path: '/', languages: ['nl'], cookie: 'i18next=it' });
    expect(detectLanguage()).toBe('it');
    browser({ path: '/', languages: ['nl'], session: 'ru' });
    expect(detectLanguage()).toBe('ru');
    browser({ path: '/', languages: ['nl'], htmlLang: 'hi' });
    expect(detectLanguage()).toBe('hi');
  });

  it('caches the language in localStorage i18nextLng', () => {
    const store = browser({ path: '/es' });
    saveLanguage('es');
    expect(store.get('i18nextLng')).toBe('es');
  });
});
