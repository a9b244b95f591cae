import { useTranslation } from '../lib/translator.ts';
import type { MetaArgs } from 'react-router';
import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '../../shared/routes.ts';
import { commonString, rootDataOf } from '../lib/root-data.ts';

export function meta({ matches }: MetaArgs) {
  const root = rootDataOf(matches);
  return [
    { title: commonString(root, 'pages.notFound.title') },
    { name: 'description', content: commonString(root, 'pages.notFound.description') },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function NotFoundRoute() {
  const { t } = useTranslation();
  const { lang } = splitLanguage(useLocation().pathname);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.heading')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.text')}</p>
      <Link to={localizePath(lang, '/')} className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
