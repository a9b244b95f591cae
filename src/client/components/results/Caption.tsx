/**
 * A post's caption (issue 37 point 15: it was copied but never shown): the first lines, and "Show more" for the
 * rest. Its own direction (`dir="auto"`): a caption is in its author's language, not the page's. The results show
 * it under the author; the profile view under each post's tile, shorter (`max` characters).
 */
import { useId, useState } from 'react';
import { captionPreview } from '../../lib/caption-preview.ts';
import { useTranslation } from '../../lib/translator.ts';

export function Caption({ text, max, className = 'mb-3' }: { text: string; max?: number; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const { short, cut } = captionPreview(text, max);
  return (
    <div className={`${className} text-sm leading-6 text-slate-700`} data-testid="caption">
      <p id={id} dir="auto" className="whitespace-pre-line break-words">{open || !cut ? text.trim() : short}</p>
      {cut && (
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className="min-h-11 font-semibold text-brand-800 underline">
          {t(open ? 'downloader.captionLess' : 'downloader.captionMore')}
        </button>
      )}
    </div>
  );
}
