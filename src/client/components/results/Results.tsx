/**
 * The results of a lookup, arranged by the form's layout from the tools table (spec §2 "Results"):
 * author, ZIP and caption actions, a list of items (one `<li>` each, labelled by the heading), the caption itself
 * (shortened, expandable), Download More.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import type { Resolution } from '../../../shared/api.ts';
import type { FormDefinition } from '../../../shared/tools.ts';
import { RESULTS_LAYOUTS, type ResultsLayoutSpec } from '../../../shared/results-layouts.ts';
import { downloadKindOf } from '../../lib/download.ts';
import { scriptFocusProps } from '../../lib/input-modality.ts';
import { notify } from '../../lib/notify.ts';
import { AuthorCard } from './AuthorCard.tsx';
import { Caption } from './Caption.tsx';
import { DownloadMoreLink } from './DownloadMoreLink.tsx';
import { ResultItem } from './ResultItem.tsx';

export interface ResultsProps {
  form: FormDefinition;
  resolution: Resolution;
  refresh: () => Promise<Resolution | null>;
  log?: (text: string) => void;
  /** One row of a batch: no heading of its own, no focus move, no Download More (the queue has them). */
  embedded?: boolean;
  /** False where a profile view follows the result: Download More then comes after the view (Downloader.tsx). */
  downloadMore?: boolean;
}

/** Grid classes for a layout and an item count; the first cell's classes when it is wide. */
export function gridClasses(spec: ResultsLayoutSpec, count: number): { list: string; first: string } {
  if (count === 1) return { list: `mx-auto grid grid-cols-1 gap-3 ${spec.singleLarge ? 'max-w-2xl' : 'max-w-xl'}`, first: '' };
  // Several items: two thumbnails a row even on a phone, so a carousel is a couple of screens, not one per item.
  const list = spec.columns === 'two' ? 'grid grid-cols-2 gap-3' : 'grid grid-cols-2 gap-3 lg:grid-cols-3';
  return { list, first: spec.wideFirstOfThree && count === 3 ? 'lg:col-span-2' : '' };
}

/** How long the ZIP link says "Preparing ZIP…" after a click (the download manager has it by then). */
const ZIP_PREPARING_MS = 4000;

const secondary = 'inline-flex min-h-11 items-center justify-center rounded-lg border px-4 text-sm font-semibold';

export function Results({ form, resolution, refresh, log, embedded = false, downloadMore = true }: ResultsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const spec = RESULTS_LAYOUTS[form.layout];
  const { items } = resolution;
  // In a batch row even a single item is a thumbnail-sized cell, so the queue stays a list to scan.
  const grid = gridClasses(spec, embedded ? Math.max(items.length, 2) : items.length);
  // The server fetches the first items before the archive's bytes flow; until the browser's download manager
  // shows it, the link says it is being prepared.
  const [preparingZip, setPreparingZip] = useState(false);
  useEffect(() => {
    if (!preparingZip) return;
    const timer = setTimeout(() => setPreparingZip(false), ZIP_PREPARING_MS);
    return () => clearTimeout(timer);
  }, [preparingZip]);
  const compact = embedded || items.length > 1;

  // New results take the focus, so keyboard and screen-reader users land on them. Each submit mounts
  // a fresh Results; a refresh after an expired link updates it in place and leaves the focus alone.
  const Heading = embedded ? 'h3' : 'h2';
  // Its focus ring for keyboard users only (read once: the input that started this lookup).
  const [focusProps] = useState(scriptFocusProps);
  // The first Download is brought into view as well (issue 37 point 3): on a short screen under a tall hero it
  // could sit below the fold, and the visitor would not know the files are there.
  useEffect(() => {
    if (embedded) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.closest('section')?.querySelector('li button')?.scrollIntoView({ block: 'nearest' });
  }, [embedded]);

  const copyCaption = async () => {
    try {
      await navigator.clipboard.writeText(resolution.caption ?? '');
      notify.success(t('downloader.captionCopied'));
    } catch (error) {
      console.warn('clipboard write refused', error instanceof Error ? error.name : error);
      notify.error(t('errors.copyFailed'));
    }
  };

  return (
    <section aria-labelledby={headingId} className={embedded ? 'w-full text-start' : 'mx-auto mt-4 w-full max-w-5xl text-start'} data-testid="results">
      <Heading id={headingId} ref={heading} tabIndex={-1} {...focusProps} className={embedded ? 'sr-only' : 'mb-2 text-xl font-bold focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-700'}>
        {embedded ? `${t('downloader.resultsHeading')}: @${resolution.author.username}` : t('downloader.resultsHeading')}
      </Heading>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <AuthorCard author={resolution.author} originalPost={spec.originalPostCard} />
        <div className="flex flex-wrap gap-2">
          {resolution.zipUrl && (
            <a
              href={resolution.zipUrl}
              download
              aria-busy={preparingZip}
              onClick={() => setPreparingZip(true)}
              className={`${secondary} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}
            >
              {preparingZip ? t('downloader.preparingZip') : t('downloader.downloadAll')}
            </a>
          )}
          {resolution.caption && typeof navigator !== 'undefined' && navigator.clipboard && (
            <button type="button" onClick={() => void copyCaption()} className={`${secondary} border-slate-300 text-slate-800 hover:bg-slate-50`}>
              {t('downloader.copyCaption')}
            </button>
          )}
        </div>
      </div>
      <ul aria-labelledby={headingId} className={grid.list}>
        {items.map((item, index) => (
          <li key={item.mediaUrl} className={index === 0 ? grid.first : ''}>
            <ResultItem
              item={item}
              index={index}
              total={items.length}
              kind={downloadKindOf(item.type, resolution.kind, form.videosAreReels)}
              layout={spec}
              compact={compact}
              refresh={refresh}
              log={log}
            />
          </li>
        ))}
      </ul>
      {/* Under the items, not above: the first Download stays right under the box (point 3); the caption is read after. */}
      {resolution.caption && !embedded && <Caption text={resolution.caption} className="mt-3" />}
      {!embedded && downloadMore && <DownloadMoreLink />}
    </section>
  );
}
