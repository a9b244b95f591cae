/** The error of the last submit under the box, until the next one (a toast alone is gone in seconds), with Retry where it may help. */
import { useTranslation } from '../../lib/translator.ts';
import type { ShownError } from './use-lookup.ts';

export function LookupError({ id, error, onRetry }: { id: string; error: ShownError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" className="mx-auto mt-2 flex w-full max-w-2xl flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-start text-sm text-red-900">
      <span className="min-w-0 flex-1">{t(error.key)}</span>
      {error.retry && (
        <button type="button" onClick={onRetry} className="inline-flex min-h-11 items-center rounded-lg border border-red-800 px-3 font-semibold text-red-900 hover:bg-red-100">
          {t('downloader.retry')}
        </button>
      )}
    </div>
  );
}
