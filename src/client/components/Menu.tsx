/**
 * A disclosure menu for the header: a button with aria-expanded controlling a list of links.
 * Opens with click, Enter, Space or ArrowDown; closes on Escape (focus returns to the button),
 * on outside click and when focus leaves it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuProps {
  label: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  /** Which edge of the button the list lines up with: logical, so right-to-left pages mirror it. */
  align?: 'start' | 'end';
  /** `list` (default): children are `<li>` items; `panel`: children bring their own structure (a search and a list). */
  layout?: 'list' | 'panel';
  /** Called when the menu opens or is about to (hover, focus): a lazy panel starts loading its code. */
  onPrepare?: () => void;
  children: (close: () => void) => ReactNode;
}

export function Menu({ label, ariaLabel, align = 'start', layout = 'list', onPrepare, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // A lazy panel (the language menu) may still be loading when the menu opens: keep trying each frame until it is
  // there (a slow phone can take seconds, not the half second once allowed here), unless the visitor has moved on.
  const focusItem = (index: number, until = performance.now() + 10_000) => {
    const items = root.current?.querySelectorAll<HTMLElement>('[data-menu-item]');
    if (!items || items.length === 0) {
      const waiting = root.current?.contains(document.activeElement) && performance.now() < until;
      if (waiting) requestAnimationFrame(() => focusItem(index, until));
      return;
    }
    items[(index + items.length) % items.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      const items = [...(root.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])];
      const current = items.indexOf(document.activeElement as HTMLElement);
      requestAnimationFrame(() => focusItem(current + 1));
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      const items = [...(root.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])];
      focusItem(items.indexOf(document.activeElement as HTMLElement) - 1);
    }
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={onPrepare}
        onFocus={onPrepare}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}>
          <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {layout === 'list' ? (
        <ul id={id} hidden={!open} className={`${popupClass} py-1 ${align === 'end' ? 'end-0' : 'start-0'}`}>
          {children(() => setOpen(false))}
        </ul>
      ) : (
        <div id={id} hidden={!open} className={`${popupClass} ${align === 'end' ? 'end-0' : 'start-0'}`}>
          {open && children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

const popupClass = 'absolute z-40 mt-1 min-w-56 rounded-lg border border-slate-200 bg-white shadow-lg';

export const menuItemClass =
  'flex min-h-11 w-full items-center gap-2 px-4 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100';
