/**
 * One link of a batch as one table row (issue 37 point 12): its number, its link, its state and its one action
 * (the best Download when ready, Skip while it waits, Retry when trying again can help). A ready row's state is a
 * disclosure: its items (the usual results) open in a row of their own below it, mounted only while open, so a
 * batch of eleven links is eleven rows, not eleven galleries.
 */
import { useId, useState } from 'react';
import type { Resolution } from '../../../shared/api.ts';
import type { FormDefinition } from '../../../shared/tools.ts';
import type { QueueRow } from '../../lib/batch-queue.ts';
import { useSecondsLeft } from '../../lib/seconds-left.ts';
import { useTranslation } from '../../lib/translator.ts';
import { Results } from '../results/Results.tsx';
import { Spinner } from '../Spinner.tsx';
import { RowDownload } from './RowDownload.tsx';

export interface BatchRowProps {
  form: FormDefinition;
  row: QueueRow;
  number: number;
  onSkip: () => void;
  /** Absent where trying again cannot help. */
  onRetry?: (() => void) | undefined;
  refresh: () => Promise<Resolution | null>;
}

const button = 'inline-flex min-h-11 w-full items-center justify-center rounded-lg border px-3 text-sm font-semibold';
const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold';

/** The link as short as it reads: its path on Instagram (or Threads), the whole link in its title. */
export function shortLink(link: string): string {
  return link.replace(/^https?:\/\/(www\.)?(instagram\.com|threads\.(net|com))\//i, '').replace(/^https?:\/\//i, '') || link;
}

export function BatchRow({ form, row, number, onSkip, onRetry, refresh }: BatchRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const { state } = row;
  const resolution = state.status === 'ready' ? state.resolution : null;
  return (
    <tbody className="border-t border-slate-200">
      <tr data-testid="batch-row" data-status={state.status} className="align-middle">
        <td className="hidden w-10 py-2 pe-2 text-sm font-semibold text-slate-700 sm:table-cell">{number}.</td>
        <td className="max-w-0 py-2 pe-2">
          <span id={`${id}-link`} dir="ltr" className="block truncate text-start text-sm text-slate-800" title={row.link}>
            {shortLink(row.link)}
          </span>
        </td>
        <td className="py-2 pe-2">
          {resolution ? (
            <button
              type="button"
              aria-expanded={open}
              {...(open ? { 'aria-controls': `${id}-items` } : {})}
              onClick={() => setOpen((was) => !was)}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-1 text-start text-sm font-semibold text-green-800 underline decoration-dotted underline-offset-4 hover:bg-green-50"
            >
              <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : 'rtl:rotate-180'}`}>
                ▸
              </span>
              {t('batch.ready', { count: resolution.items.length })}
            </button>
          ) : (
            <RowState row={row} />
          )}
        </td>
        <td className="w-28 py-2 sm:w-44">
          {resolution && <RowDownload form={form} resolution={resolution} refresh={refresh} describedBy={`${id}-link`} />}
          {state.status === 'waiting' && (
            // Named with its row's link, so a list of Skip buttons is not ten identical names to a screen reader.
            <button type="button" onClick={onSkip} aria-label={`${t('batch.skip')}: ${row.link}`} className={`${button} border-slate-400 text-slate-800 hover:bg-slate-50`}>
              {t('batch.skip')}
            </button>
          )}
          {state.status === 'failed' && onRetry && (
            <button type="button" onClick={onRetry} aria-label={`${t('downloader.retry')}: ${row.link}`} className={`${button} border-red-800 text-red-900 hover:bg-red-50`}>
              {t('downloader.retry')}
            </button>
          )}
        </td>
      </tr>
      {resolution && open && (
        <tr id={`${id}-items`}>
          <td colSpan={4} className="pb-4">
            <Results form={form} resolution={resolution} refresh={refresh} embedded />
          </td>
        </tr>
      )}
    </tbody>
  );
}

function RowState({ row }: { row: QueueRow }) {
  const { t } = useTranslation();
  switch (row.state.status) {
    case 'waiting':
      return (
        <span className="flex flex-col items-start gap-1">
          <span className={`${badge} ${row.state.limited ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-800'}`}>{t(row.state.limited ? 'batch.limited' : 'batch.waiting')}</span>
          {row.state.limited?.until !== undefined && <RowCountdown until={row.state.limited.until} />}
        </span>
      );
    case 'resolving':
      return (
        <span className={`${badge} bg-brand-50 text-brand-800`}>
          <Spinner className="h-3 w-3" />
          {t('batch.resolving')}
        </span>
      );
    case 'failed':
      return <span className="text-sm text-red-900">{t(row.state.messageKey)}</span>;
    default:
      return null;
  }
}

/** A limited row's own wait (Instagram's limit on this link): the time left, ticking. */
function RowCountdown({ until }: { until: number }) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(until);
  return (
    <span className="text-xs text-amber-900" data-testid="row-countdown">
      {t('batch.continuing', { seconds })}
    </span>
  );
}
