import { useTranslation } from '../lib/translator.ts';
import { Link } from 'react-router';
import type { Language } from '../../shared/languages.ts';
import { localizePath } from '../../shared/routes.ts';
import { TOOLS } from '../../shared/tools.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Menu, menuItemClass } from './Menu.tsx';

const SUPPORT_PAGES = ['blog', 'contact', 'terms', 'privacy'] as const;

export function Header({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label={t('a11y.mainNavigation')} className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <Link to={localizePath(lang, '/')} aria-label={t('header.home')} className="flex min-h-11 items-center gap-2 text-xl font-extrabold text-brand-800">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
            <rect x="2" y="2" width="20" height="20" rx="6" fill="#15803d" />
            <path d="M12 7v7m0 0-3-3m3 3 3-3M8 17h8" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          Gramsave
        </Link>
        <div className="flex flex-wrap items-center gap-1">
          <Menu label={t('header.tools')}>
            {(close) =>
              TOOLS.filter((tool) => tool.inToolsMenu).map((tool) => (
                <li key={tool.id}>
                  <Link data-menu-item to={localizePath(lang, tool.path)} onClick={close} className={menuItemClass}>
                    {t(`nav.${tool.id}`)}
                  </Link>
                </li>
              ))
            }
          </Menu>
          <Menu label={t('header.support')}>
            {(close) =>
              SUPPORT_PAGES.map((page) => (
                <li key={page}>
                  <Link data-menu-item to={localizePath(lang, `/${page}`)} onClick={close} className={menuItemClass}>
                    {t(`nav.${page}`)}
                  </Link>
                </li>
              ))
            }
          </Menu>
          <LanguageMenu lang={lang} />
        </div>
      </nav>
    </header>
  );
}
