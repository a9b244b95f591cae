import { useTranslation } from '../lib/translator.ts';
import { Link } from 'react-router';
import type { Language } from '../../shared/language-codes.ts';
import { localizePath } from '../../shared/paths.ts';
import { TOOLS } from '../../shared/tools.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Menu, menuItemClass } from './Menu.tsx';

const SUPPORT_PAGES = ['blog', 'contact', 'terms', 'privacy'] as const;

export function Header({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  // Every downloader: the home page's (it takes any link) and the seven tools.
  const toolLinks = (close: () => void) => [
    <li key="home">
      <Link data-menu-item to={localizePath(lang, '/')} onClick={close} className={menuItemClass}>
        {t('site.tagline')}
      </Link>
    </li>,
    ...TOOLS.map((tool) => (
      <li key={tool.id}>
        <Link data-menu-item to={localizePath(lang, tool.path)} onClick={close} className={menuItemClass}>
          {t(`nav.${tool.id}`)}
        </Link>
      </li>
    )),
  ];
  const supportLinks = (close: () => void) =>
    SUPPORT_PAGES.map((page) => (
      <li key={page}>
        <Link data-menu-item to={localizePath(lang, `/${page}`)} onClick={close} className={menuItemClass}>
          {t(`nav.${page}`)}
        </Link>
      </li>
    ));
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label={t('a11y.mainNavigation')} className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-1.5 sm:px-4 sm:py-2">
        <Link to={localizePath(lang, '/')} aria-label={t('header.home')} className="flex min-h-11 items-center gap-2 text-xl font-extrabold text-brand-800">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
            <rect x="2" y="2" width="20" height="20" rx="6" fill="#15803d" />
            <path d="M12 7v7m0 0-3-3m3 3 3-3M8 17h8" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          Gramsave
        </Link>
        <div className="flex items-center gap-1">
          {/* Phones: one menu button, so the header is one row; wider screens: Tools and Support. */}
          <div className="sm:hidden">
            <Menu align="end" ariaLabel={t('a11y.openMenu')} label={<MenuIcon />}>
              {(close) => [...toolLinks(close), ...supportLinks(close)]}
            </Menu>
          </div>
          <div className="hidden items-center gap-1 sm:flex">
            <Menu label={t('header.tools')}>{toolLinks}</Menu>
            <Menu label={t('header.support')}>{supportLinks}</Menu>
          </div>
          <LanguageMenu lang={lang} />
        </div>
      </nav>
    </header>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
