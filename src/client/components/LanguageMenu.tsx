/**
 * The language menu: each language by its native name (emoji flags render as boxes or letters on Windows and
 * Linux, and a flag is not a language); choosing one rewrites the first path segment and reloads.
 */
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
          {/* On a phone the code keeps the header to one row; the menu lists every name. */}
          <span className="sm:hidden">{lang.toUpperCase()}</span>
          <span className="hidden sm:inline">{current.nativeName}</span>
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
              {l.nativeName}
            </a>
          </li>
        ))
      }
    </Menu>
  );
}
