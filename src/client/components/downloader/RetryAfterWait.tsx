/** Retry under a rate limit's error: a countdown of its Retry-After, and the button enabled when it ends. */
import { useSecondsLeft } from '../../lib/seconds-left.ts';
import { useTranslation } from '../../lib/translator.ts';
import { RetryButton } from './RetryButton.tsx';

export function RetryAfterWait({ retryAt, onRetry }: { retryAt: number; onRetry: () => void }) {
  const { t } = useTranslation();
  const wait = useSecondsLeft(retryAt);
  return (
    <>
      {/* Heard once with the alert, not at every tick. */}
      {wait > 0 && (
        <span aria-live="off" data-testid="retry-countdown" className="w-full sm:w-auto">
          {t('downloader.retryIn', { seconds: wait })}
        </span>
      )}
      <RetryButton onRetry={onRetry} waiting={wait > 0} />
    </>
  );
}
