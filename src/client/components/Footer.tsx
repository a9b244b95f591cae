import { useTranslation } from '../lib/translator.ts';
import { Link } from 'react-router';
import type { Language } from '../../shared/language-codes.ts';
import { localizePath } from '../../shared/paths.ts';
import { TOOLS } from '../../shared/tools.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

export interface FooterProps {
  lang: Language;
  /** Where the FAQ link points: this page's FAQ when it has one, else the home page's. */
  faqHref: string;
  /** The IGTV page has its own footer (spec §2). */
  variant?: 'default' | 'igtv';
}

const linkClass = 'inline-flex min-h-11 items-center text-slate-300 hover:text-white hover:underline';

export function Footer({ lang, faqHref, variant = 'default' }: FooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer id="site-footer" className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-10">
        {variant === 'igtv' && <p className="mb-8 max-w-3xl text-slate-300">{t('footer.igtvNote')}</p>}
        <div className="grid gap-8 sm:grid-cols-3">
          <div>
            <h2 id="footer-tools" className="mb-2 font-semibold text-white">{t('footer.toolsTitle')}</h2>
            <ul>
              {TOOLS.map((tool) => (
                <li key={tool.id}>
                  <Link className={linkClass} to={localizePath(lang, tool.path)}>{t(`nav.${tool.id}`)}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 id="footer-support" className="mb-2 font-semibold text-white">{t('footer.supportTitle')}</h2>
            <ul>
              <li><Link className={linkClass} to={localizePath(lang, '/contact')}>{t('nav.contact')}</Link></li>
              <li><Link className={linkClass} to={localizePath(lang, '/blog')}>{t('nav.blog')}</Link></li>
              <li><a className={linkClass} href={faqHref}>{t('nav.faq')}</a></li>
            </ul>
          </div>
          <div>
            <h2 id="footer-legal" className="mb-2 font-semibold text-white">{t('footer.legalTitle')}</h2>
            <ul>
              <li><Link className={linkClass} to={localizePath(lang, '/terms')}>{t('nav.terms')}</Link></li>
              <li><Link className={linkClass} to={localizePath(lang, '/privacy')}>{t('nav.privacy')}</Link></li>
            </ul>
          </div>
        </div>
        <div className="mt-10 border-t border-slate-700 pt-6 text-sm text-slate-300">
          <ThemeSwitch />
          <p suppressHydrationWarning className="mt-4">{t('footer.copyright', { year })}</p>
          <p className="mt-2">{t('footer.notAffiliated')}</p>
        </div>
      </div>
    </footer>
  );
}
