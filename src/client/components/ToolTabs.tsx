/** A strip of tool tabs above the link box (Video · Photo · Reels · Story · IGTV · Profile picture · Threads), as peers show. */
import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '../../shared/paths.ts';
import { TOOLS } from '../../shared/tools.ts';
import { useTranslation } from '../lib/translator.ts';

const ORDER = ['video', 'photo', 'reels', 'story', 'igtv', 'profile', 'threads'] as const;

export function ToolTabs() {
  const { t } = useTranslation();
  const { lang, path } = splitLanguage(useLocation().pathname);
  return (
    <nav aria-label={t('header.tools')} className="mx-auto mb-3 w-full max-w-2xl">
      {/* The tabs wrap onto a second row on a phone rather than scroll: a strip that runs off screen hides tools. */}
      <ul className="flex flex-wrap justify-center gap-1 text-sm">
        {ORDER.map((id) => {
          const tool = TOOLS.find((candidate) => candidate.id === id)!;
          const current = tool.path === path;
          return (
            <li key={id}>
              <Link
                to={localizePath(lang, tool.path)}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-3 font-medium break-keep whitespace-nowrap ${current ? 'bg-brand-700 text-white' : 'bg-white/70 text-slate-800 hover:bg-brand-50'}`}
              >
                {t(`downloader.types.${id}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
