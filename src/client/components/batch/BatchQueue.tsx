/**
 * Several links at once: a compact table, one row per link (BatchRow.tsx) with its state (waiting, looking up,
 * ready with its best Download and its items behind a click, failed with the reason and Retry), a countdown while
 * a rate limit is waited out (the row's own, or this banner when the site's own limit holds every row), Skip for
 * a waiting row, and one ZIP of the posts ready so far, at any moment (MISSING.txt, in the page's language, names
 * the rest and why). Progress is announced politely to screen readers; the queue's heading takes the focus when
 * it starts. This module loads only when a batch starts (downloader/lazy-parts.ts), never with the home page.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Resolution } from '../../../shared/api.ts';
import type { FormDefinition, ToolId } from '../../../shared/tools.ts';
import { resolveLink } from '../../lib/api-client.ts';
import { requestBatchZip } from '../../lib/batch-api.ts';
import { MAX_BATCH_LINKS } from '../../lib/batch-links.ts';
import type { LeftOut } from '../../lib/link-list.ts';
import { batchPauseMessage } from '../../lib/batch-pause-message.ts';
import { BatchQueue as Queue, SKIPPED_LIMITED_KEY, type QueueRow, type QueueSnapshot } from '../../lib/batch-queue.ts';
import { errorMessageKey, worthRetrying } from '../../lib/error-messages.ts';
import { scriptFocusProps } from '../../lib/input-modality.ts';
import { notify } from '../../lib/notify.ts';
import { useSecondsLeft } from '../../lib/seconds-left.ts';
import { useTranslation } from '../../lib/translator.ts';
import { BatchRow } from './BatchRow.tsx';
import { LeftOutList } from './LeftOutList.tsx';

export interface BatchQueueProps {
  form: FormDefinition;
  links: string[];
  /** Distinct links left out past the cap. */
  dropped: number;
  /** The entries of the pasted list left out of the batch, with why. */
  leftOut?: readonly LeftOut[];
  /** The tool the links were pasted into (absent on the home page). */
  tool?: ToolId;
  isValid: (link: string) => boolean;
  invalidKey: string;
  /** A row became ready (recent lookups). */
  onReady?: (link: string, resolution: Resolution) => void;
}

const button = 'inline-flex min-h-11 items-center justify-center rounded-lg border px-4 text-sm font-semibold';
const ZIP_PREPARING_MS = 4000;

export function BatchQueue({ form, links, dropped, leftOut = [], tool, isValid, invalidKey, onReady }: BatchQueueProps) {
  const { t, language } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const queue = useMemo(
    () =>
      new Queue(links, {
        resolve: (link) => resolveLink(tool ? { url: link, tool } : { url: link }),
        messageKey: (failure) => errorMessageKey(failure, form.id),
        retryable: worthRetrying,
        isValid,
        invalidKey,
      }),
    // A new batch is a new component (keyed by the submit); its links never change.
    [],
  );
  const [snapshot, setSnapshot] = useState<QueueSnapshot>(() => queue.snapshot());
  const [zipState, setZipState] = useState<'idle' | 'asking' | 'preparing'>('idle');
  const [zipError, setZipError] = useState<string | null>(null);
  const reported = useRef(new Set<number>());
  const [focusProps] = useState(scriptFocusProps);

  useEffect(() => {
    const unsubscribe = queue.subscribe(setSnapshot);
    queue.start();
    heading.current?.focus();
    return () => {
      unsubscribe();
      queue.dispose();
    };
  }, [queue]);

  useEffect(() => {
    for (const row of snapshot.rows) {
      if (row.state.status === 'ready' && !reported.current.has(row.id)) {
        reported.current.add(row.id);
        onReady?.(row.link, row.state.resolution);
      }
    }
  }, [snapshot, onReady]);

  useEffect(() => {
    if (zipState !== 'preparing') return;
    const timer = setTimeout(() => setZipState('idle'), ZIP_PREPARING_MS);
    return () => clearTimeout(timer);
  }, [zipState]);

  const secondsLeft = useSecondsLeft(snapshot.pausedUntil);
  const count = (status: QueueRow['state']['status']) => snapshot.rows.filter((r) => r.state.status === status).length;
  const ready = count('ready');
  const failed = count('failed');
  const settled = ready + failed === snapshot.rows.length;

  const downloadAll = async () => {
    setZipError(null);
    setZipState('asking');
    const rows = snapshot.rows;
    const outcome = await requestBatchZip({
      links: rows.flatMap((r) => (r.state.status === 'ready' ? [{ url: r.link, ...(tool ? { tool } : {}) }] : [])),
      failed: rows.flatMap((r) => {
        const reason = missingReason(r.state);
        return reason ? [{ url: r.link.slice(0, 2048) || '-', reason: t(reason).slice(0, 300), key: reason }] : [];
      }),
      lang: language,
    });
    if (!outcome.ok) {
      setZipState('idle');
      const key = outcome.failure.kind === 'http' && outcome.failure.status === 413 ? 'errors.batchTooLarge' : errorMessageKey(outcome.failure, form.id);
      setZipError(key);
      notify.error(t(key));
      return;
    }
    setZipState('preparing');
    // A plain navigation to an attachment: the browser's download manager takes it, the page stays.
    const link = document.createElement('a');
    link.href = outcome.zip.zipUrl;
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto mt-8 w-full max-w-5xl text-start" data-testid="batch">
      <h2 id={headingId} ref={heading} tabIndex={-1} {...focusProps} className="mb-2 text-2xl font-bold focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-700">
        {t('batch.heading', { count: snapshot.rows.length })}
      </h2>
      {dropped > 0 && (
        <p role="status" className="mb-2 text-sm text-slate-700">
          {t('batch.capped', { max: MAX_BATCH_LINKS, count: dropped })}
        </p>
      )}
      {leftOut.length > 0 && (
        <div className="mb-3">
          <LeftOutList leftOut={leftOut} />
        </div>
      )}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {settled ? t('batch.done', { ready, failed }) : t('batch.progress', { ready, total: snapshot.rows.length })}
        </p>
        {ready > 0 && (
          <button
            type="button"
            onClick={() => void downloadAll()}
            disabled={zipState !== 'idle'}
            aria-busy={zipState !== 'idle'}
            className={`${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-wait disabled:border-slate-500 disabled:bg-slate-500`}
          >
            {zipState !== 'idle' ? t('downloader.preparingZip') : t(settled ? 'batch.downloadAll' : 'batch.downloadReady')}
          </button>
        )}
      </div>
      {/* Announced once per change of the counts, not every tick of the countdown. */}
      <p className="sr-only" aria-live="polite" data-testid="batch-status">
        {settled ? t('batch.done', { ready, failed }) : t('batch.progress', { ready, total: snapshot.rows.length })}
        {snapshot.pausedUntil !== null ? ` ${t('batch.pausedShort')}` : ''}
      </p>
      {snapshot.pausedUntil !== null && (
        <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="batch-countdown">
          {batchPauseMessage(t, snapshot.pausedBy, secondsLeft)}
        </p>
      )}
      {zipError && (
        <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t(zipError)}
        </p>
      )}
      <table className="w-full table-fixed border-collapse text-start" data-testid="batch-table">
        <thead className="text-xs text-slate-700">
          <tr>
            <th scope="col" className="hidden w-10 pb-1 text-start font-semibold sm:table-cell">
              #
            </th>
            <th scope="col" className="pb-1 text-start font-semibold">{t('batch.columnLink')}</th>
            <th scope="col" className="pb-1 text-start font-semibold">{t('batch.columnState')}</th>
            <th scope="col" className="w-28 pb-1 text-start font-semibold sm:w-44">{t('batch.columnAction')}</th>
          </tr>
        </thead>
        {snapshot.rows.map((row, index) => (
          <BatchRow
            key={row.id}
            form={form}
            row={row}
            number={index + 1}
            onSkip={() => queue.skip(row.id)}
            onRetry={row.state.status === 'failed' && row.state.retry ? () => queue.retry(row.id) : undefined}
            refresh={() => queue.refresh(row.id)}
          />
        ))}
      </table>
    </section>
  );
}

/** Why a row is not in the ZIP, as a message key for MISSING.txt; null for a ready row. */
function missingReason(state: QueueRow['state']): string | null {
  if (state.status === 'ready') return null;
  if (state.status === 'failed') return state.messageKey;
  return state.status === 'waiting' && state.limited ? SKIPPED_LIMITED_KEY : 'batch.missingPending';
}
