/**
 * The batch banner while the queue waits out a rate limit that holds every row (batch-queue.ts `holdsEveryone`):
 * this site's own limits in the single view's words, or no one named when the answer did not say, then the
 * countdown. Instagram's and Threads' limits hold only their own row, which shows its own countdown.
 */
import type { ErrorSource } from '../../shared/api.ts';
import type { Translator } from './translator.ts';

export function batchPauseMessage(t: Translator['t'], pausedBy: ErrorSource | null, seconds: number): string {
  return `${t(pausedBy === 'instance' ? 'errors.rateLimitedInstance' : 'batch.pausedShort')} ${t('batch.continuing', { seconds })}`;
}
