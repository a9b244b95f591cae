/** Retry under the box's error. */
import { useTranslation } from '../../lib/translator.ts';

/** Disabled while a wait runs: trying at once could only meet the same limit. */
export function RetryButton({ onRetry, waiting }: { onRetry: () => void; waiting: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onRetry} disabled={waiting} className="inline-flex min-h-11 items-center rounded-lg border border-red-800 px-3 font-semibold text-red-900 hover:bg-red-100 disabled:cursor-not-allowed disabled:opacity-60">
      {t('downloader.retry')}
    </button>
  );
}
