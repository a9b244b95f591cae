/** "Download More": a plain link that reloads the tool's page to reset it (spec §4). */
import { useLocation } from 'react-router';
import { localizePath, splitLanguage } from '../../../shared/paths.ts';
import { useTranslation } from '../../lib/translator.ts';

export function DownloadMoreLink() {
  const { t } = useTranslation();
  const { lang, path } = splitLanguage(useLocation().pathname);
  return (
    <p className="mt-6 text-center">
      <a href={localizePath(lang, path)} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
        {t('downloader.downloadMore')}
      </a>
    </p>
  );
}
