/**
 * The downloader's state and what changes it: the lookup flow (loaded at the first sign of use), a submit (one
 * link, a batch, a username), the results shown, the error under the box, the debug log and recent lookups.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Resolution } from '../../../shared/api.ts';
import type { Language } from '../../../shared/language-codes.ts';
import { localizePath } from '../../../shared/paths.ts';
import { formById, toolById, type FormId } from '../../../shared/tools.ts';
import type { ResolveRequestBody } from '../../lib/api-client.ts';
import type { Batch } from '../../lib/batch-links.ts';
import type { DebugLine } from '../../lib/debug-log.ts';
import { notify } from '../../lib/notify.ts';
import { useTranslation } from '../../lib/translator.ts';
import { looksLikeLink, looksLikeProfileInput } from '../../lib/validate-link.ts';
import { whenEngaged } from '../../lib/when-engaged.ts';
import { loadBatch, loadFlow, loadResults, type LookupFlow } from './lazy-parts.ts';

/** An error shown under the box until the next submit (a toast alone is gone in seconds). */
export interface ShownError {
  key: string;
  /** Worth trying again as is: rate limits, Instagram not answering, a dropped connection. */
  retry: boolean;
  /** A rate limit's end (ms since the epoch): Retry waits for it, with a countdown. */
  retryAt?: number;
}

export interface Shown {
  resolution: Resolution;
  /** The request that produced it, repeated when a download link has expired. */
  request: ResolveRequestBody;
}

export type ListReader = Pick<LookupFlow, 'listedLinks' | 'pastedList'>;

/** The longest list of links kept in the address (servers refuse request lines past 8–16 KB, encoded). */
const MAX_ADDRESSED_LIST = 3000;

export function useLookup(formId: FormId, lang: Language, input: RefObject<HTMLTextAreaElement | null>) {
  const { t } = useTranslation();
  const location = useLocation();
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
  /** The last link sent (Retry sends it again when the box was emptied). */
  const lastRequest = useRef('');
  /** The link the address holds (?url=): what the page shows, so a reload, Back and a shared address show it again. */
  const addressed = useRef<string | null>(null);
  const keepInAddress = (value: string) => {
    if (addressed.current === value) return;
    addressed.current = value;
    const params = new URLSearchParams(window.location.search);
    for (const name of ['url', 'u', 'text', 'title']) params.delete(name);
    params.set('url', value);
    // Each lookup its own history entry: Back shows the one before. The route's data does not depend on it.
    void navigate({ search: `?${params}` }, { preventScrollReset: true });
  };
  // The story page takes a bare username too: it opens that profile's view.
  const valid = (value: string) => (profile || formId === 'story' ? looksLikeProfileInput(value) : looksLikeLink(value));
  const fail = (shownError: ShownError) => {
    // A new error replaces a stale "ready" toast instead of stacking under it.
    notify.dismiss();
    notify.error(t(shownError.key));
    setError(shownError);
  };

  // The lookup flow (API client, error texts, debug log, recent lookups) loads at the visitor's first sign of use,
  // in time for the lookup that follows: a reader who never acts does not fetch it (issue 24's 120 KB budget).
  // The reading of a pasted list comes with it: a paste is a sign of use, so it is there by the time the box holds one.
  const [listReader, setListReader] = useState<ListReader | null>(null);
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
    flowRef.current?.addRecent({ link, author: resolution.author.username, kind: resolution.kind, at: Date.now(), ...(resolution.items[0] ? { thumb: resolution.items[0].previewUrl } : {}) });
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
  /** Counts submits and address changes: an answer that arrives after the page moved on is dropped. */
  const turn = useRef(0);
  const submit = useCallback(
    async (raw: string) => {
      const mine = ++turn.current;
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
          // The batch's links in the address, one a line as pasted (?url= takes a list as the box does): a reload,
          // Back and Forward show the batch again, its rows answered from the cache. A list too long for an address
          // (rare: links of hundreds of characters) is left out of it.
          const list = links.links.join('\n');
          if (list.length <= MAX_ADDRESSED_LIST) keepInAddress(list);
        },
        // The profile-picture tool of the page's language, which looks the name up from its address (?url=).
        toProfile: (username) => void navigate(`${localizePath(lang, toolById('profile').path)}?url=${encodeURIComponent(username)}`),
        ...(formId === 'story'
          ? {
              toProfileView: (username: string) => {
                setShown(null);
                setViewed({ key: ++batches.current, username });
                keepInAddress(username);
              },
            }
          : {}),
        fail: ({ retryAfterSeconds, ...shownError }, looked) => {
          if (mine !== turn.current) return;
          if (!looked) setBatch(null);
          fail(retryAfterSeconds ? { ...shownError, retryAt: Date.now() + retryAfterSeconds * 1000 } : shownError);
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
          if (mine !== turn.current) return;
          setShown({ resolution, request });
          keepInAddress(request.url);
          remember(request.url, resolution);
          if (profile && resolution.kind === 'profile') setViewed({ key: ++batches.current, username: resolution.author.username.toLowerCase() });
        },
        end: () => mine === turn.current && setLoading(false),
      });
    },
    [debugLog, form, formId, lang, log, navigate, profile, remember, t],
  );

  // The address leads: a deep link (?url=), a share (?text= holding a link), a reload or Back and Forward between
  // lookups fill the box and look its link up; an address without one empties the page.
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;
  useEffect(() => {
    const search = location.search;
    if (!search && addressed.current === null) return;
    void loadFlow().then(({ sharedLinkFrom }) => {
      const shared = sharedLinkFrom(search);
      if (shared === addressed.current) return;
      addressed.current = shared;
      setLink(shared ?? '');
      if (shared) return void latestSubmit.current(shared);
      turn.current++;
      setLoading(false);
      setShown(null);
      setViewed(null);
      setBatch(null);
      setError(null);
    });
  }, [location.search]);

  const refresh = useCallback(async (): Promise<Resolution | null> => {
    if (!shown) return null;
    const { describeFailure, describeResolution, resolveLink } = (flowRef.current ??= await loadFlow());
    const outcome = await resolveLink(shown.request);
    log(outcome.ok ? `Refreshed: ${describeResolution(outcome.resolution, outcome.status, outcome.ms)}` : `Refresh failed: ${describeFailure(outcome.failure, outcome.ms, 'refresh')}`);
    if (!outcome.ok) return null;
    setShown({ resolution: outcome.resolution, request: shown.request });
    return outcome.resolution;
  }, [shown, log]);

  /** Retry of the error under the box: what the box holds, or else the link last sent. */
  const retry = () => void submit(link || lastRequest.current);

  return { form, profile, link, setLink, loading, shown, batch, viewed, debugLog, logLines, error, valid, listReader, remember, log, submit, refresh, retry };
}
