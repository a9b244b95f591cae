/**
 * The language menu's button, on every page. The 22 names and the search come in their own chunk
 * (LanguageList.tsx), loaded when a visitor points at, focuses or opens the button: the language table is not
 * part of the page's start. The button names the current language from the root loader's data.
 */
import { lazy, Suspense } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Language } from '../../shared/language-codes.ts';
import type { RootData } from '../lib/root-data.ts';
import { useTranslation } from '../lib/translator.ts';
import { Menu } from './Menu.tsx';
import { Spinner } from './Spinner.tsx';

const loadList = () => import('./LanguageList.tsx');
const LanguageList = lazy(() => loadList().then((m) => ({ default: m.LanguageList })));

export function LanguageMenu({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const nativeName = (useRouteLoaderData('root') as RootData | undefined)?.nativeName ?? lang;
  return (
    <Menu
      align="end"
      layout="panel"
      onPrepare={() => void loadList().catch(() => undefined)}
      ariaLabel={`${t('header.language')}: ${nativeName}`}
      label={
        <>
          {/* On a phone the code keeps the header to one row; the menu lists every name. */}
          <span className="sm:hidden">{lang.toUpperCase()}</span>
          <span className="hidden sm:inline">{nativeName}</span>
        </>
      }
    >
      {() => (
        <Suspense fallback={<div className="flex justify-center p-4 text-brand-700"><Spinner /></div>}>
          <LanguageList lang={lang} />
        </Suspense>
      )}
    </Menu>
  );
}
