/**
 * The link box (validated before any request, spec §5): one line for a link, several once it holds a list, Enter
 * to look it up, Paste, the count of links found and what a pasted list leaves out.
 */
import { Suspense, useMemo, type ClipboardEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { isolatedHint } from '../../lib/isolated-hint.ts';
import { useTranslation } from '../../lib/translator.ts';
import { PasteButton } from '../PasteButton.tsx';
import { Spinner } from '../Spinner.tsx';
import { LeftOutList, loadFlow } from './lazy-parts.ts';
import type { ListReader } from './use-lookup.ts';

export interface LinkFormProps {
  inputId: string;
  input: RefObject<HTMLTextAreaElement | null>;
  profile: boolean;
  /** The story page's box also takes a bare username (its hint says so). */
  story: boolean;
  /** The form's own placeholder key, where it has one (the Threads page's). */
  placeholder?: string;
  link: string;
  setLink: (update: string | ((value: string) => string)) => void;
  loading: boolean;
  /** The error under the box, if any: the box is described by it. */
  errorKey: string | null;
  valid: (value: string) => boolean;
  listReader: ListReader | null;
  submit: (raw: string) => void;
}

export function LinkForm({ inputId, input, profile, story, placeholder, link, setLink, loading, errorKey, valid, listReader, submit }: LinkFormProps) {
  const { t, language } = useTranslation();

  /** A pasted list goes in one entry a line (several links on one line are split), and the box grows to show it. */
  const pasteBlock = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text');
    const box = event.currentTarget;
    const start = box.selectionStart ?? link.length;
    const end = box.selectionEnd ?? link.length;
    const insert = (pasted: string) => setLink((value) => value.slice(0, start) + pasted + value.slice(end));
    // The reading came with the lookup flow: at once, so a submit right after the paste sends what was pasted
    // (null: one entry, which the browser pastes as it is). A paste as the very first sign of use waits for it.
    const list = listReader?.pastedList(text, valid);
    if (list === null) return;
    event.preventDefault();
    if (list !== undefined) return insert(list);
    void loadFlow().then(
      (flow) => insert(flow.pastedList(text, valid) ?? text),
      () => insert(text),
    );
  };

  /** Enter looks the box up, as in a one-line box; Shift+Enter starts a new line. */
  const enterSubmits = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  // What the box holds when it is a list: the links found and what is left out (null for one entry).
  const listed = useMemo(() => listReader?.listedLinks(link, valid, profile) ?? null, [link, listReader, profile]);
  const lines = link.split('\n').length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) submit(link);
  };

  return (
    <>
      {/* noValidate: our own check, in the page's language (the browser's bubble speaks the browser's). */}
      <form onSubmit={onSubmit} noValidate aria-busy={loading} className="mx-auto flex w-full max-w-2xl flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t(profile ? 'downloader.profileInputLabel' : 'downloader.inputLabel')}
        </label>
        <div className="flex min-w-0 flex-1 gap-2">
          {/* One line for one link; several lines once the box holds a list (rows follow its lines, up to 8). */}
          <textarea
            ref={input}
            id={inputId}
            name="url"
            rows={Math.min(lines, 8)}
            wrap={lines > 1 ? 'soft' : 'off'}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode={profile ? 'text' : 'url'}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            onPaste={pasteBlock}
            onKeyDown={enterSubmits}
            aria-invalid={errorKey?.startsWith('errors.invalid') || undefined}
            aria-describedby={[errorKey ? `${inputId}-error` : '', listed ? `${inputId}-list` : ''].join(' ').trim() || undefined}
            placeholder={isolatedHint(t(placeholder ?? (profile ? 'downloader.profilePlaceholder' : story ? 'downloader.storyPlaceholder' : 'downloader.placeholder')), language)}
            // A pasted link or a username reads left to right on every page; the empty box's hint follows the page (app.css).
            dir="ltr"
            className="link-box block min-h-12 w-full min-w-0 flex-1 resize-none rounded-lg border border-slate-400 bg-white px-4 py-3 text-base leading-6 text-slate-900 placeholder:text-slate-600 focus:border-brand-700"
          />
          {/* Rendered after hydration only, where the browser can read the clipboard. */}
          <PasteButton
            onPaste={(text) => {
              setLink(text);
              // A valid link on the clipboard starts the lookup at once; anything else waits in the box.
              if (valid(text)) submit(text);
            }}
            disabled={loading}
          />
        </div>
        <button
          type="submit"
          disabled={loading}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-500"
        >
          {loading && <Spinner className="h-5 w-5" />}
          {loading ? t('downloader.loading') : t(profile ? 'downloader.view' : 'downloader.search')}
        </button>
      </form>
      {/* Always present, so a screen reader hears "5 links found" politely when a list is pasted. */}
      <p id={`${inputId}-list`} aria-live="polite" data-testid="link-count" className={listed ? 'mx-auto mt-2 w-full max-w-2xl text-start text-sm font-semibold text-slate-800' : 'sr-only'}>
        {listed ? t('batch.found', { count: listed.links.length }) : ''}
      </p>
      {listed && listed.leftOut.length > 0 && (
        <div className="mx-auto mt-1 w-full max-w-2xl">
          <Suspense fallback={null}>
            <LeftOutList leftOut={listed.leftOut} />
          </Suspense>
        </div>
      )}
    </>
  );
}
