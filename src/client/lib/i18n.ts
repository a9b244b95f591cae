/** One i18next instance per page language, created from the strings the root loader inlined. */
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/languages.ts';

export function createI18n(lang: Language, common: Resource[string][string]): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { common } },
    ns: ['common'],
    defaultNS: 'common',
    fallbackLng: false,
    // React escapes what it renders; i18next must not escape a second time (spec §9).
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
