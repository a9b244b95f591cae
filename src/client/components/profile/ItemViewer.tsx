/**
 * The profile view's viewer (issue 37 point 8): one item at a time, a photo shown or a video playing, previous and
 * next (buttons, arrow keys, a swipe), its Download, closed by Esc or its button. A carousel post shows each of its
 * files in turn, Next going through them before the next post, with the file's place in the post said aloud and shown
 * as dots; Download saves the file shown. A modal <dialog>: the page behind
 * is inert and Tab cycles inside it. Loaded at the first tap (ProfileView's lazy import), never with the page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import { itemLabel, tileButton } from './MediaTile.tsx';
import { stepPlace, swipeStep, type ViewerItem, type ViewerPlace } from './viewer-items.ts';

const control = `${tileButton} border border-white/60 text-white hover:bg-white/15 aria-disabled:opacity-40`;

/** Keeps Tab and Shift+Tab inside `root`: from the last control to the first and back. */
function keepFocusInside(event: KeyboardEvent, root: HTMLElement) {
  const focusable = [...root.querySelectorAll<HTMLElement>('a[href], button, video[controls]')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const at = document.activeElement;
  if (event.shiftKey ? at === first || !root.contains(at) : at === last || !root.contains(at)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

export function ItemViewer({ items, start, onClose }: { items: ViewerItem[]; start: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const headingId = useId();
  const [place, setPlace] = useState<ViewerPlace>({ item: start, file: 0 });
  const item = items[place.item]!;
  const file = item.files[place.file]!;
  const parts = item.files.length;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';

  useEffect(() => {
    const shown = dialog.current!;
    if (!shown.open) shown.showModal();
    closer.current?.focus();
    return () => {
      if (shown.open) shown.close();
    };
  }, []);

  const go = (step: -1 | 0 | 1) => {
    if (step !== 0) setPlace((at) => stepPlace(at, step, items));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') return keepFocusInside(event, dialog.current!);
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    // On the video's own controls the arrows seek.
    if (event.target instanceof HTMLVideoElement) return;
    event.preventDefault();
    go((event.key === 'ArrowRight') !== rtl ? 1 : -1);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipe.current;
    swipe.current = null;
    if (from) go(swipeStep(event.clientX - from.x, event.clientY - from.y, rtl));
  };
  const first = place.item === 0 && place.file === 0;
  const last = place.item === items.length - 1 && place.file === parts - 1;
  const where = t('downloader.preview', { current: place.item + 1, total: items.length });
  // A carousel file's place in its post ("Video 2 of 4"), which also names the file shown.
  const part = parts > 1 ? itemLabel(t, file, place.file, parts) : '';
  const fileName = part ? `${item.label}, ${part}` : item.label;

  return (
    // Esc closes the dialog natively; every way of closing ends in its close event.
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      data-testid="item-viewer"
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-black/70"
    >
      <div className="mx-auto flex h-full max-w-4xl flex-col gap-3 p-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id={headingId} className="min-w-0 truncate text-base font-semibold">
            {item.label} <span className="font-normal text-slate-300">({where})</span>
          </h2>
          <button ref={closer} type="button" onClick={() => dialog.current?.close()} className={control}>
            {t('a11y.close')}
          </button>
        </div>
        {/* Always there, so a screen reader hears the place change ("Video 2 of 4"); empty for an item of one file. */}
        <div aria-live="polite" className="flex min-h-5 items-center justify-center gap-2 text-sm text-slate-200">
          {part && (
            <>
              <p data-testid="viewer-part">{part}</p>
              <span aria-hidden="true" className="flex gap-1">
                {item.files.map((one, at) => (
                  <span key={one.url} className={`size-1.5 rounded-full ${at === place.file ? 'bg-white' : 'bg-white/40'}`} />
                ))}
              </span>
            </>
          )}
        </div>
        <div className="flex min-h-0 flex-1 touch-pan-y items-center justify-center" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          {file.type === 'video' ? (
            <video key={file.url} src={file.url} poster={file.poster} controls autoPlay playsInline aria-label={fileName} className="max-h-full max-w-full" />
          ) : (
            <img key={file.url} src={file.url} alt={fileName} className="max-h-full max-w-full object-contain" />
          )}
        </div>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <button type="button" onClick={() => !first && go(-1)} aria-disabled={first} className={control}>
            {t('profileView.previous')}
          </button>
          <a href={file.downloadUrl} download={file.filename ?? ''} data-testid="viewer-download" className={`${tileButton} bg-brand-700 px-5 text-white hover:bg-brand-800`}>
            {t('downloader.download')}
          </a>
          <button type="button" onClick={() => !last && go(1)} aria-disabled={last} data-testid="viewer-next" className={control}>
            {t('profileView.next')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
