/** A post's date and caption under its tile: the caption shortened to two lines, whole after "Show more". */
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';

/** Longer than this, or on several lines, a caption may not fit two lines of a tile: it gets its button. */
const SHORT = 60;

export function PostCaption({ takenAt, caption }: { takenAt?: string; caption?: string }) {
  const { t, language } = useTranslation();
  const [whole, setWhole] = useState(false);
  const id = useId();
  const long = caption !== undefined && (caption.length > SHORT || caption.includes('\n'));
  const date = takenAt && !Number.isNaN(Date.parse(takenAt)) ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(takenAt)) : undefined;
  if (!date && !caption) return null;
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      {date && (
        <time dateTime={takenAt} className="text-xs text-slate-600">
          {date}
        </time>
      )}
      {caption && (
        <p id={id} data-testid="post-caption" className={`whitespace-pre-line break-words text-slate-800 ${whole ? '' : 'line-clamp-2'}`}>
          {caption}
        </p>
      )}
      {long && (
        <button type="button" onClick={() => setWhole(!whole)} aria-expanded={whole} aria-controls={id} className="min-h-11 font-semibold text-brand-800 underline">
          {t(whole ? 'profileView.captionLess' : 'profileView.captionMore')}
        </button>
      )}
    </div>
  );
}
