/**
 * The error of the last submit under the box, until the next one (a toast alone is gone in seconds), with Retry
 * where it may help. A rate limit that said how long counts it down, and Retry waits for the end of it.
 */
import { useSecondsLeft } from '../../lib/seconds-left.ts';
import { useTranslation } from '../../lib/translator.ts';
import type { ShownError } from './use-lookup.ts';

export function LookupError({ id, error, onRetry }: { id: string; error: ShownError; onRetry: () => void }) {
  const { t } = useTranslation();
  const wait = useSecondsLeft(error.retryAt);
  return (
    <div id={id} role="alert" className="mx-auto mt-2 flex w-full max-w-2xl flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-start text-sm text-red-900">
      <span className="min-w-0 flex-1">
        {t(error.key)}
        {/* Heard once with the alert, not at every tick. */}
        {wait > 0 && <span aria-live="off" data-testid="retry-countdown">{` ${t('downloader.retryIn', { seconds: wait })}`}</span>}
      </span>
      {error.retry && (
        <button type="button" onClick={onRetry} disabled={wait > 0} className="inline-flex min-h-11 items-center rounded-lg border border-red-800 px-3 font-semibold text-red-900 hover:bg-red-100 disabled:cursor-not-allowed disabled:opacity-60">
          {t('downloader.retry')}
        </button>
      )}
    </div>
  );
}
