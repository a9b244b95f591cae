/** The language menu: flag and native name; choosing one rewrites the first path segment and reloads. */
import { useTranslation } from '../lib/translator.ts';
import { useLocation } from 'react-router';
import { LANGUAGES, languageInfo, type Language } from '../../shared/languages.ts';
import { switchLanguage } from '../../shared/routes.ts';
import { saveLanguage } from '../lib/saved-language.ts';
import { Menu, menuItemClass } from './Menu.tsx';

export function LanguageMenu({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = languageInfo(lang);
  return (
    <Menu
      align="right"
      ariaLabel={`${t('header.language')}: ${current.nativeName}`}
      label={
        <>
          <span aria-hidden="true">{current.flag}</span>
          <span>{current.nativeName}</span>
        </>
      }
    >
      {() =>
        LANGUAGES.map((l) => (
          <li key={l.code}>
            {/* A plain link: the page reloads in the chosen language (spec §2). */}
            <a
              data-menu-item
              href={switchLanguage(pathname, l.code) + search}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === lang ? 'true' : undefined}
              onClick={() => saveLanguage(l.code)}
              className={`${menuItemClass} ${l.code === lang ? 'font-semibold' : ''}`}
            >
              <span aria-hidden="true">{l.flag}</span>
              {l.nativeName}
            </a>
          </li>
        ))
      }
    </Menu>
  );
}
