/** Fills the link box from the clipboard. Hidden where the browser offers no clipboard reading. */
import { useEffect, useState } from 'react';
import { notify } from '../lib/notify.ts';
import { useTranslation } from '../lib/translator.ts';

export function PasteButton({ onPaste, disabled }: { onPaste: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  // Decided after hydration: the prerendered HTML cannot know the visitor's browser.
  const [available, setAvailable] = useState(false);
  useEffect(() => setAvailable(typeof navigator.clipboard?.readText === 'function'), []);
  if (!available) return null;

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (text) onPaste(text);
    } catch (error) {
      // Permission refused or no focus: the visitor can still paste into the box themselves, by a long press on a
      // touch screen, by the keyboard elsewhere (issue 37 point 10: a desktop has no long press).
      console.warn('clipboard read refused', error instanceof Error ? error.name : error);
      if (matchMedia('(pointer: coarse)').matches) notify.error(t('downloader.pasteUnavailable'));
      else notify.error(t('downloader.pasteUnavailableKeys', { keys: /Mac|iP(hone|ad)/.test(navigator.platform) ? '⌘V' : 'Ctrl+V' }));
    }
  };

  return (
    <button
      type="button"
      onClick={() => void paste()}
      disabled={disabled}
      className="min-h-12 min-w-12 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50 disabled:text-slate-500"
    >
      {t('downloader.paste')}
    </button>
  );
}
