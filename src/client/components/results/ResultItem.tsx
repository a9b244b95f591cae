/**
 * One result, compact (issue 37 point 3): a thumbnail (the photo, or the video's player), 'current of total', one big
 * Download of the best file with its plain name and size, and the other files folded under "More sizes".
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import type { MediaItem, Resolution } from '../../../shared/api.ts';
import type { ResultsLayoutSpec } from '../../../shared/results-layouts.ts';
import type { DownloadKind } from '../../lib/download.ts';
import { bestNote, choiceText } from '../../lib/download-choices.ts';
import { MediaView } from './MediaView.tsx';
import { useItemDownload } from './use-item-download.ts';

export interface ResultItemProps {
  item: MediaItem;
  index: number;
  total: number;
  kind: DownloadKind;
  layout: ResultsLayoutSpec;
  /** One of several: a cell in a two-column grid, its thumbnail above its Download. */
  compact: boolean;
  /** Re-resolves the original link (after an expired download link); null when that fails. */
  refresh: () => Promise<Resolution | null>;
  log?: (text: string) => void;
}

const button = 'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-offset-2';

export function ResultItem({ item, index, total, kind, layout, compact, refresh, log }: ResultItemProps) {
  const { t, language } = useTranslation();
  const id = useId();
  // The best file first (the big Download), then the others, told apart in plain words.
  const { choices, busy, download } = useItemDownload({ item, index, kind, refresh, log });
  const best = choices[0]!;
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);

  const typeLabel = t(item.type === 'video' ? 'downloader.videoLabel' : 'downloader.photoLabel');
  const position = total > 1 ? t('downloader.preview', { current: index + 1, total }) : '';
  const label = position ? `${typeLabel} ${position}` : typeLabel;
  const width = item.width ?? natural?.width;
  const height = item.height ?? natural?.height;
  // Pixels where the layout asks for them (profile pictures); a video's plain name says its lines.
  const showPixels = Boolean(layout.pixelSize && width && height);
  const others = choices.slice(1);

  return (
    <article aria-labelledby={`${id}-label`} className={`flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${compact ? 'flex-col' : 'flex-row'}`}>
      <div className={compact ? '' : 'w-28 shrink-0 bg-slate-100 sm:w-40'}>
        <MediaView item={item} label={label} playIcon={layout.playIcon} onNaturalSize={(w, h) => setNatural({ width: w, height: h })} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-2 sm:p-3">
        <p id={`${id}-label`} className="text-sm text-slate-700">
          <span className={position ? 'sr-only' : ''}>{typeLabel}</span>
          {position && <span data-testid="item-position">{position}</span>}
          {showPixels && (
            <span data-testid="pixel-size" className="ms-1">
              · {t('downloader.pixelSize', { width, height })}
            </span>
          )}
        </p>
        {/* aria-disabled, not disabled, while a download runs: a disabled button would drop the keyboard focus. */}
        <button
          type="button"
          onClick={() => void download(0)}
          aria-disabled={busy}
          aria-describedby={`${id}-label ${id}-best`}
          className={`${button} min-h-12 w-full break-keep bg-brand-700 text-base text-white hover:bg-brand-800 aria-disabled:bg-slate-500`}
        >
          {t('downloader.download')}
        </button>
        <p id={`${id}-best`} className="text-sm text-slate-700" data-testid="best-choice">
          {bestNote(best, t, language)}
        </p>
        <div className="mt-auto flex flex-wrap items-start gap-2">
          {others.length > 0 && (
            <details className="min-w-0 flex-1 basis-40 text-sm">
              <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-800">{t('downloader.moreSizes')}</summary>
              <ul className="mt-1 flex flex-col gap-1" data-testid="more-sizes">
                {others.map((choice, at) => (
                  <li key={choice.url}>
                    <button
                      type="button"
                      onClick={() => void download(at + 1)}
                      aria-disabled={busy}
                      className={`${button} w-full border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:text-slate-500`}
                    >
                      {choiceText(choice, t, language)}
                    </button>
                  </li>
                ))}
              </ul>
            </details>
          )}
          <a
            href={best.mediaUrl ?? item.mediaUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${id}-label`}
            className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
          >
            {t('downloader.openInNewTab')}
          </a>
        </div>
      </div>
    </article>
  );
}
