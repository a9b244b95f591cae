/**
 * The error of the last submit under the box, until the next one (a toast alone is gone in seconds), with Retry
 * where it may help. A rate limit that said how long counts it down, and Retry waits for its end (that part loads
 * only then: RetryAfterWait.tsx).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import { RetryButton } from './RetryButton.tsx';
import type { ShownError } from './use-lookup.ts';

const RetryAfterWait = lazy(() => import('./RetryAfterWait.tsx').then((m) => ({ default: m.RetryAfterWait })));

export function LookupError({ id, error, onRetry }: { id: string; error: ShownError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" className="mx-auto mt-2 flex w-full max-w-2xl flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-start text-sm text-red-900">
      <span className="min-w-0 flex-1">{t(error.key)}</span>
      {error.retry &&
        (error.retryAt ? (
          <Suspense fallback={<RetryButton onRetry={onRetry} waiting />}>
            <RetryAfterWait retryAt={error.retryAt} onRetry={onRetry} />
          </Suspense>
        ) : (
          <RetryButton onRetry={onRetry} waiting={false} />
        ))}
    </div>
  );
}
