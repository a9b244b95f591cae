/** Header, main content and footer around every page; the toast area sits at the top centre. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../lib/translator.ts';
import { useLocation } from 'react-router';
import { homeOrToolKind, localizePath, splitLanguage } from '../../shared/paths.ts';
import { toolById } from '../../shared/tools.ts';
import { deferredPart } from './StandingPart.tsx';
import { Toasts } from './Toasts.tsx';

// Links and the theme switch, below the fold: its code loads at the visitor's first sign of use or scroll (its
// prerendered HTML stands until then, or for good if the code cannot load: see deferredLazy).
const Footer = deferredPart(() => import('./Footer.tsx').then((m) => m.Footer), 'footer');
// The logo and menus: a press on a menu before its code came is played again once it has (deferredLazy).
const Header = deferredPart(() => import('./Header.tsx').then((m) => m.Header), 'header');

export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { lang, path } = splitLanguage(pathname);
  const kind = homeOrToolKind(path);
  const hasFaq = kind?.page === 'home' || kind?.page === 'tool';
  const faqHref = hasFaq ? '#faq' : `${localizePath(lang, '/')}#faq`;
  const igtv = kind?.page === 'tool' && toolById(kind.tool).ownFooter;

  // After an in-app navigation the focus would stay on the (now hidden) menu or footer link: move it to the
  // new page's content, so keyboard users continue there and screen readers announce the page.
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('a11y.skipToContent')}
      </a>
      <Header lang={lang} />
      <main ref={main} id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <Footer lang={lang} faqHref={faqHref} variant={igtv ? 'igtv' : 'default'} />
      <Toasts />
    </>
  );
}
