import { useTranslation } from '../lib/translator.ts';
import type { MetaArgs } from 'react-router';
import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '../../shared/paths.ts';
import { TOOLS } from '../../shared/tools.ts';
import { commonString, rootDataOf } from '../lib/root-data.ts';

export function meta({ matches }: MetaArgs) {
  const root = rootDataOf(matches);
  return [
    { title: commonString(root, 'pages.notFound.title') },
    { name: 'description', content: commonString(root, 'pages.notFound.description') },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The 404 page, in its address's language (the server sends an address without a prefix under the visitor's
 * language first: issue 37 point 14), with the tools a mistyped address most likely meant and the way home.
 */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const { lang } = splitLanguage(useLocation().pathname);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.heading')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.text')}</p>
      <nav aria-label={t('header.tools')} className="mt-8">
        <ul className="flex flex-wrap justify-center gap-2 text-sm">
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <Link to={localizePath(lang, tool.path)} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-medium text-slate-800 hover:bg-brand-50">
                {t(`nav.${tool.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to={localizePath(lang, '/')} className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
