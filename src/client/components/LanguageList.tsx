/**
 * The language menu's panel: a search box and the 22 languages, each by its own name (with the page language's
 * name for it beside), two columns where there is room and a scrolling list on a phone. The arrow keys move
 * between the search box and the links (Menu.tsx); choosing one rewrites the first path segment and reloads.
 */
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { Language } from '../../shared/language-codes.ts';
import { switchLanguage } from '../../shared/paths.ts';
import { filterLanguages, languageEntries } from '../lib/language-search.ts';
import { saveLanguage } from '../lib/saved-language.ts';
import { useTranslation } from '../lib/translator.ts';
import { menuItemClass } from './Menu.tsx';

export function LanguageList({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [query, setQuery] = useState('');
  const entries = useMemo(() => languageEntries(lang), [lang]);
  const shown = filterLanguages(entries, query);
  const searchId = useId();
  return (
    <div className="w-[min(34rem,calc(100vw-1.5rem))] p-2">
      <label htmlFor={searchId} className="sr-only">{t('header.searchLanguages')}</label>
      <input
        id={searchId}
        data-menu-item
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('header.searchLanguages')}
        autoComplete="off"
        className="mb-2 min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
      />
      {/* Present from the start, so screen readers announce it when a search leaves nothing. */}
      <p role="status" className={shown.length === 0 ? 'px-2 py-3 text-sm text-slate-700' : 'sr-only'}>
        {shown.length === 0 ? t('header.noLanguageFound') : ''}
      </p>
      <ul aria-label={t('header.language')} className="grid max-h-[60vh] overflow-y-auto sm:grid-cols-2">
        {shown.map((entry) => (
          <li key={entry.code}>
            {/* A plain link: the page reloads in the chosen language (spec §2). */}
            <a
              data-menu-item
              href={switchLanguage(pathname, entry.code) + search}
              hrefLang={entry.code}
              aria-current={entry.code === lang ? 'true' : undefined}
              onClick={() => saveLanguage(entry.code)}
              className={`${menuItemClass} flex-wrap rounded-md ${entry.code === lang ? 'font-semibold' : ''}`}
            >
              {/* Each name in its own language and direction: Arabic stays right to left on an English page. */}
              <span lang={entry.code} dir="auto">{entry.nativeName}</span>
              {entry.localName && <span className="text-xs text-slate-600">{entry.localName}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
