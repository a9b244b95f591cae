/**
 * The batch banner while the queue waits out a rate limit: who asked for the wait, in the single view's words
 * (Instagram, or this site's own limits; neither named when the answer did not say), then the countdown.
 */
import type { ErrorSource } from '../../shared/api.ts';
import type { Translator } from './translator.ts';

export function batchPauseMessage(t: Translator['t'], pausedBy: ErrorSource | null, seconds: number): string {
  if (pausedBy === 'instagram') return t('batch.paused', { seconds });
  return `${t(pausedBy === 'instance' ? 'errors.rateLimitedInstance' : 'batch.pausedShort')} ${t('batch.continuing', { seconds })}`;
}
