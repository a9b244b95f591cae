/**
 * The downloader of the home page and of every tool page, driven by the tools table: the link form
 * (validated before any request, spec §5), the lookup, its toasts, the results and the story debug log.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/translator.ts';
import type { RootData } from '../lib/root-data.ts';
import type { Resolution } from '../../shared/api.ts';
import { formById, toolById, type FormId } from '../../shared/tools.ts';
import { localizePath, splitLanguage } from '../../shared/routes.ts';
import type { ResolveRequestBody } from '../lib/api-client.ts';
import type { DebugLine } from '../lib/debug-log.ts';
import { notify } from '../lib/notify.ts';
import { looksLikeInstagramLink, looksLikeProfileInput } from '../lib/validate-link.ts';
import type { Batch } from '../lib/batch-links.ts';
import { hasRecent, onRecentChange } from '../lib/recent-signal.ts';
import { whenEngaged } from '../lib/when-engaged.ts';
import { optionalLazy } from '../lib/optional-lazy.ts';
import { Spinner } from './Spinner.tsx';

// The results (players, download flow) load when the first lookup starts, not with the page; the batch queue
// when the first batch starts.
const loadResults = () => import('./results/Results.tsx');
const Results = lazy(() => loadResults().then((m) => ({ default: m.Results })));
const RecentLookups = optionalLazy(() => import('./RecentLookups.tsx').then((m) => m.RecentLookups));
// Shown only after hydration (Paste: where the browser can read the clipboard; ads: where the build has them).
const PasteButton = optionalLazy(() => import('./PasteButton.tsx').then((m) => m.PasteButton));
const AdSlot = optionalLazy(() => import('./AdSlot.tsx').then((m) => m.AdSlot));
// Links between the tools: their prerendered HTML stands until the code arrives.
const ToolTabs = optionalLazy(() => import('./ToolTabs.tsx').then((m) => m.ToolTabs));
const DebugLog = optionalLazy(() => import('./results/DebugLog.tsx').then((m) => m.DebugLog));
const loadBatch = () => import('./batch/BatchQueue.tsx');
// The lookup's logic is not needed to show the page: it loads when the browser is idle, or at the first lookup.
const loadFlow = () => import('../lib/lookup-flow.ts');
const BatchQueue = lazy(() => loadBatch().then((m) => ({ default: m.BatchQueue })));
const LeftOutList = lazy(() => import('./batch/LeftOutList.tsx').then((m) => ({ default: m.LeftOutList })));
// A username's profile view (issue 30): loads only when one is looked up.
const ProfileView = lazy(() => import('./profile/ProfileView.tsx').then((m) => ({ default: m.ProfileView })));
type LookupFlow = Awaited<ReturnType<typeof loadFlow>>;

/** An error shown under the box until the next submit (a toast alone is gone in seconds). */
interface ShownError {
  key: string;
  /** Worth trying again as is: rate limits, Instagram not answering, a dropped connection. */
  retry: boolean;
}

interface Shown {
  resolution: Resolution;
  /** The request that produced it, repeated when a download link has expired. */
  request: ResolveRequestBody;
}

export function Downloader({ form: formId }: { form: FormId }) {
  const { t } = useTranslation();
  const rootData = useRouteLoaderData('root') as RootData | undefined;
  const ads = Boolean(rootData?.adsClient);
  const location = useLocation();
  const lang = rootData?.lang ?? splitLanguage(location.pathname).lang;
  const navigate = useNavigate();
  const form = formById(formId);
  const profile = form.input === 'username';
  const [link, setLink] = useState('');
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  /** Several links submitted at once: a queue (keyed per submit, so a new batch starts afresh). */
  const [batch, setBatch] = useState<({ key: number } & Batch) | null>(null);
  /** The profile whose view is shown: the story page's bare username, or the profile tool's user (keyed per submit). */
  const [viewed, setViewed] = useState<{ key: number; username: string } | null>(null);
  // Developer lines in English: shown only when asked for (?debug=1), never to every visitor of the story page.
  const debugLog = form.debugLog && new URLSearchParams(location.search).get('debug') === '1';
  /** null until the first request: the debug log appears after it (story page, ?debug=1). */
  const [logLines, setLogLines] = useState<DebugLine[] | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  /** The last link sent (the box is cleared on success; Retry sends it again). */
  const lastRequest = useRef('');
  // The story page takes a bare username too: it opens that profile's view.
  const valid = (value: string) => (profile || formId === 'story' ? looksLikeProfileInput(value) : looksLikeInstagramLink(value));
  const fail = (shownError: ShownError) => {
    // A new error replaces a stale "ready" toast instead of stacking under it.
    notify.dismiss();
    notify.error(t(shownError.key));
    setError(shownError);
  };

  // The list of recent lookups loads only for a browser that has some (read after hydration).
  const [showRecent, setShowRecent] = useState(false);
  useEffect(() => {
    const check = () => setShowRecent(hasRecent());
    check();
    return onRecentChange(check);
  }, []);
  // The lookup flow (API client, error texts, debug log, recent lookups) loads at the visitor's first sign of use,
  // in time for the lookup that follows: a reader who never acts does not fetch it (issue 24's 120 KB budget).
  // The reading of a pasted list comes with it: a paste is a sign of use, so it is there by the time the box holds one.
  const [listReader, setListReader] = useState<Pick<LookupFlow, 'listedLinks' | 'pastedList'> | null>(null);
  useEffect(() => {
    const engage = () => void loadFlow().then(setListReader, () => undefined);
    // A link typed or pasted before the page's code ran (a slow phone) is in the box but not in its state: the
    // next render would empty the box and a Download would send nothing. It is kept, and it was a sign of use.
    const early = input.current?.value;
    if (early) {
      setLink(early);
      engage();
      return;
    }
    return whenEngaged(engage);
  }, []);

  // The lookup flow, loaded by the time a lookup ends (it ran it): the debug log and recent lookups use it at once.
  const flowRef = useRef<LookupFlow | null>(null);
  const remember = useCallback((link: string, resolution: Resolution) => {
    // Written at once, not after a promise: a reload right after a lookup must find it.
    flowRef.current?.addRecent({ link, author: resolution.author.username, at: Date.now(), ...(resolution.items[0] ? { thumb: resolution.items[0].previewUrl } : {}) });
  }, []);

  const log = useCallback(
    (text: string) => {
      const flow = flowRef.current;
      if (debugLog && flow) setLogLines((lines) => [...(lines ?? []), flow.debugLine(text)]);
    },
    [debugLog],
  );

  /** Counts batches, so each new one mounts a fresh queue. */
  const batches = useRef(0);
  const submit = useCallback(
    async (raw: string) => {
      setError(null);
      let flow = flowRef.current;
      if (!flow) {
        try {
          flow = flowRef.current = await loadFlow();
        } catch {
          // Its code never came (offline before the idle load): the same answer as a lookup that could not connect.
          fail({ key: 'errors.network', retry: true });
          return;
        }
      }
      await flow.runLookup(raw, {
        formId,
        profile,
        valid,
        t,
        startBatch: (links) => {
          notify.dismiss();
          setShown(null);
          setLink('');
          setBatch({ key: ++batches.current, ...links });
          void loadBatch();
          void loadResults();
        },
        // The profile-picture tool of the page's language, which looks the name up from its address (?url=).
        toProfile: (username) => void navigate(`${localizePath(lang, toolById('profile').path)}?url=${encodeURIComponent(username)}`),
        ...(formId === 'story'
          ? {
              toProfileView: (username: string) => {
                setShown(null);
                setLink('');
                setViewed({ key: ++batches.current, username });
              },
            }
          : {}),
        fail: (shownError, looked) => {
          if (!looked) setBatch(null);
          fail(shownError);
          // Back to the box, where the link can be corrected: after a request the focus is on the form's (disabled)
          // button or was dropped to the page; elsewhere the visitor moved it on purpose.
          const active = document.activeElement;
          if (!looked || !active || active === document.body || active.closest('form') === input.current?.form) input.current?.focus();
        },
        begin: (request) => {
          setBatch(null);
          setViewed(null);
          lastRequest.current = request.url;
          setLoading(true);
          void loadResults();
          setShown(null);
          if (debugLog) setLogLines([]);
        },
        log,
        succeed: (resolution, request) => {
          setShown({ resolution, request });
          setLink('');
          remember(request.url, resolution);
          if (profile && resolution.kind === 'profile') setViewed({ key: ++batches.current, username: resolution.author.username.toLowerCase() });
        },
        end: () => setLoading(false),
      });
    },
    [debugLog, form, formId, lang, log, navigate, profile, remember, t],
  );

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

  // A deep link (?url=) or a share (?text= holding a link) fills the box and submits, once.
  const deepLinked = useRef(false);
  useEffect(() => {
    if (deepLinked.current || !window.location.search) return;
    deepLinked.current = true;
    void loadFlow().then(({ sharedLinkFrom }) => {
      const shared = sharedLinkFrom(window.location.search);
      if (shared) {
        setLink(shared);
        void submit(shared);
      }
    });
  }, [submit]);

  const refresh = useCallback(async (): Promise<Resolution | null> => {
    if (!shown) return null;
    const { describeFailure, describeResolution, resolveLink } = (flowRef.current ??= await loadFlow());
    const outcome = await resolveLink(shown.request);
    log(outcome.ok ? `Refreshed: ${describeResolution(outcome.resolution, outcome.status, outcome.ms)}` : `Refresh failed: ${describeFailure(outcome.failure, outcome.ms, 'refresh')}`);
    if (!outcome.ok) return null;
    setShown({ resolution: outcome.resolution, request: shown.request });
    return outcome.resolution;
  }, [shown, log]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) void submit(link);
  };

  const inputId = `link-${formId}`;
  return (
    <div className="w-full">
      {formId !== 'home' && (
        <Suspense fallback={null}>
          <ToolTabs />
        </Suspense>
      )}
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
            aria-invalid={error?.key.startsWith('errors.invalid') || undefined}
            aria-describedby={[error ? `${inputId}-error` : '', listed ? `${inputId}-list` : ''].join(' ').trim() || undefined}
            placeholder={t(profile ? 'downloader.profilePlaceholder' : formId === 'story' ? 'downloader.storyPlaceholder' : 'downloader.placeholder')}
            // A pasted link or a username reads left to right on every page; the empty box's hint follows the page (app.css).
            dir="ltr"
            className="link-box block min-h-12 w-full min-w-0 flex-1 resize-none rounded-lg border border-slate-400 bg-white px-4 py-3 text-base leading-6 text-slate-900 placeholder:text-slate-600 focus:border-brand-700"
          />
          <Suspense fallback={null}>
            <PasteButton
              onPaste={(text) => {
                setLink(text);
                // A valid link on the clipboard starts the lookup at once; anything else waits in the box.
                if (valid(text)) void submit(text);
              }}
              disabled={loading}
            />
          </Suspense>
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
      {error && (
        <div id={`${inputId}-error`} role="alert" className="mx-auto mt-2 flex w-full max-w-2xl flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-start text-sm text-red-900">
          <span className="min-w-0 flex-1">{t(error.key)}</span>
          {error.retry && (
            <button type="button" onClick={() => void submit(link || lastRequest.current)} className="inline-flex min-h-11 items-center rounded-lg border border-red-800 px-3 font-semibold text-red-900 hover:bg-red-100">
              {t('downloader.retry')}
            </button>
          )}
        </div>
      )}
      {showRecent && !shown && !batch && (
        <Suspense fallback={null}>
          <RecentLookups
            disabled={loading}
            onChoose={(chosen) => {
              setLink(chosen);
              void submit(chosen);
            }}
          />
        </Suspense>
      )}
      {/* Always present, so assistive technology announces the lookup when it starts (the toast reports its end). */}
      <p role="status" className="sr-only">{loading ? t('downloader.loading') : ''}</p>
      {ads && (
        <Suspense fallback={null}>
          <AdSlot slot={`${formId}-top`} />
        </Suspense>
      )}
      {batch && (
        <Suspense fallback={<div className="mt-8 flex justify-center text-brand-700"><Spinner label={t('a11y.loading')} /></div>}>
          <BatchQueue
            key={batch.key}
            form={form}
            links={batch.links}
            dropped={batch.dropped}
            leftOut={batch.leftOut}
            {...(formId === 'home' ? {} : { tool: formId })}
            isValid={valid}
            invalidKey={profile ? 'errors.invalidProfile' : 'errors.invalidUrl'}
            onReady={remember}
          />
        </Suspense>
      )}
      {shown && (
        <Suspense fallback={<div className="mt-8 flex justify-center text-brand-700"><Spinner label={t('a11y.loading')} /></div>}>
          <Results form={form} resolution={shown.resolution} refresh={refresh} log={debugLog ? log : undefined} />
        </Suspense>
      )}
      {viewed && !batch && (
        <Suspense fallback={<div className="mt-8 flex justify-center text-brand-700"><Spinner label={t('a11y.loading')} /></div>}>
          <ProfileView key={viewed.key} username={viewed.username} showPicture={!profile} />
        </Suspense>
      )}
      {debugLog && logLines !== null && (
        <Suspense fallback={null}>
          <DebugLog lines={logLines} />
        </Suspense>
      )}
      {ads && shown && (
        <Suspense fallback={null}>
          <AdSlot slot={`${formId}-results`} />
        </Suspense>
      )}
    </div>
  );
}
