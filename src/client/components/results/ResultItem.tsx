/** One result: the media inline, 'current of total', and its actions (download, quality, audio, open in new tab). */
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import type { MediaItem, Resolution } from '../../../shared/api.ts';
import type { ResultsLayoutSpec } from '../../../shared/results-layouts.ts';
import { downloadMedia, type DownloadKind, type DownloadTarget } from '../../lib/download.ts';
import { bestQuality, qualityName, qualityOptionText, sizeNote } from '../../lib/quality-option.ts';
import { MediaView } from './MediaView.tsx';

export interface ResultItemProps {
  item: MediaItem;
  index: number;
  total: number;
  kind: DownloadKind;
  layout: ResultsLayoutSpec;
  large: boolean;
  /** One of several: a thumbnail-sized cell in a two-column grid. */
  compact: boolean;
  /** Re-resolves the original link (after an expired download link); null when that fails. */
  refresh: () => Promise<Resolution | null>;
  log?: (text: string) => void;
}

const AUDIO = 'audio';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-offset-2';

export function ResultItem({ item, index, total, kind, layout, large, compact, refresh, log }: ResultItemProps) {
  const { t, language } = useTranslation();
  const id = useId();
  const qualities = item.qualities && item.qualities.length > 1 ? item.qualities : null;
  // The best rendition (the most pixels) is the default choice, and the only one called best.
  const best = qualities ? bestQuality(qualities) : null;
  const [quality, setQuality] = useState(() => best?.label ?? '');
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [busy, setBusy] = useState(false);

  /** The URL of the chosen variant in (a possibly refreshed copy of) this item. */
  const targetOf = (source: MediaItem, variant: string): DownloadTarget | null => {
    if (variant === AUDIO) return source.audioUrl ? { url: source.audioUrl, filename: source.audioFilename ?? source.filename.replace(/\.\w+$/, '.m4a') } : null;
    const chosen = source.qualities?.find((q) => q.label === variant);
    return chosen ? { url: chosen.downloadUrl, filename: chosen.filename } : { url: source.downloadUrl, filename: source.filename };
  };

  const download = async (variant: string) => {
    const target = targetOf(item, variant);
    if (!target || busy) return;
    setBusy(true);
    try {
      await downloadMedia({
        ...target,
        kind: variant === AUDIO ? 'audio' : kind,
        t: (key, options) => t(key, options),
        log,
        refresh: async () => {
          const fresh = (await refresh())?.items[index];
          return fresh ? targetOf(fresh, variant) : null;
        },
      });
    } finally {
      setBusy(false);
    }
  };

  // Open in new tab shows what the quality select shows: the chosen rendition, inline.
  const chosen = qualities?.find((q) => q.label === quality);
  const openUrl = chosen?.mediaUrl ?? item.mediaUrl;
  // The chosen download's size stays in view with the select closed (a narrow cell cuts the option's text).
  const size = sizeNote(chosen ?? item, t, language);

  const typeLabel = t(item.type === 'video' ? 'downloader.videoLabel' : 'downloader.photoLabel');
  const position = total > 1 ? t('downloader.preview', { current: index + 1, total }) : '';
  const label = position ? `${typeLabel} ${position}` : typeLabel;
  const width = item.width ?? natural?.width;
  const height = item.height ?? natural?.height;
  // Pixels where the layout asks for them (profile pictures), and on every video with one rendition: with several,
  // the quality choice names them.
  const showPixels = Boolean((layout.pixelSize || (item.type === 'video' && !qualities)) && width && height);

  return (
    <article aria-labelledby={`${id}-label`} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <MediaView item={item} label={label} playIcon={layout.playIcon} large={large} compact={compact} onNaturalSize={(w, h) => setNatural({ width: w, height: h })} />
      <div className="flex flex-1 flex-col gap-2 p-2 sm:p-3">
        <p id={`${id}-label`} className="text-sm text-slate-700">
          <span className={position ? 'sr-only' : ''}>{typeLabel}</span>
          {position && <span data-testid="item-position">{position}</span>}
          {showPixels && (
            <span data-testid="pixel-size" className="ms-1">
              · {t('downloader.pixelSize', { width, height })}
            </span>
          )}
        </p>
        {/* The quality choice and the buttons share one tight row (they wrap in a narrow cell). */}
        <div className="mt-auto flex flex-wrap items-center gap-2">
        {qualities && (
          <label className="flex min-w-0 flex-1 basis-40 items-center gap-2 text-sm font-medium text-slate-800">
            <span className="sr-only">{t('downloader.quality')}</span>
            <select
              value={quality}
              onChange={(e) => setQuality(e.target.value)}
              className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {qualities.map((q) => (
                <option key={q.label} value={q.label}>
                  {qualityOptionText(q, q === best, t, language)}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* The chosen quality whole, with its size: a phone's narrow select cuts its text ("720×900 · HD · bes"). */}
        {(chosen || size) && (
          <p className="w-full text-sm text-slate-700" aria-live="polite">
            {chosen && <span data-testid="chosen-quality">{qualityName(chosen, chosen === best, t)}</span>}
            {chosen && size && ' · '}
            {size && <span data-testid="download-size">{size}</span>}
          </p>
        )}
        {/* aria-disabled, not disabled, while a download runs: a disabled button would drop the keyboard focus. */}
          <button
            type="button"
            onClick={() => void download(quality)}
            aria-disabled={busy}
            aria-describedby={`${id}-label`}
            className={`${button} flex-1 break-keep bg-brand-700 text-white hover:bg-brand-800 aria-disabled:bg-slate-500`}
          >
            {t('downloader.download')}
          </button>
          {item.audioUrl && (
            <button
              type="button"
              onClick={() => void download(AUDIO)}
              aria-disabled={busy}
              aria-describedby={`${id}-label`}
              className={`${button} border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:text-slate-500`}
            >
              {t('downloader.audioOnly')}
            </button>
          )}
          <a
            href={openUrl}
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

