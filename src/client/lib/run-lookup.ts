/**
 * One submit of the link box, without React: several links become a batch for the queue; one link is checked as
 * the form requires (spec §5), looked up, logged for the debug log, and answered with the ready toast or the
 * catalogue's error (spec §8). The page says what to do at each step through `LookupPage`.
 */
import type { Resolution } from '../../shared/api.ts';
import type { FormId } from '../../shared/tools.ts';
import { resolveLink, type ResolveRequestBody } from './api-client.ts';
import { whenSolving } from './challenge/lookup-fetch.ts';
import { batchOf, type Batch } from './batch-links.ts';
import { describeFailure, describeRequest, describeResolution } from './debug-log.ts';
import { errorMessageKey, worthRetrying } from './error-messages.ts';
import { notify } from './notify.ts';
import { readyMessage } from './ready-message.ts';
import type { Translator } from './translator.ts';
import { usernameIn } from './link-list.ts';
import { bareUsername } from './profile-name.ts';
import { looksLikeLink } from './validate-link.ts';

export interface LookupPage {
  formId: FormId;
  /** The profile form: a username or a profile link. */
  profile: boolean;
  valid: (value: string) => boolean;
  t: Translator['t'];
  startBatch: (batch: Batch) => void;
  /**
   * The box of the home page or a link tool held one username (`@name`, or a bare name that is no link): show it in
   * the profile-picture tool, with its profile view (issue 37 point 7).
   */
  toProfile: (username: string) => void;
  /** The story page's box held one bare username: show that profile's view (issue 30). Absent elsewhere. */
  toProfileView?: (username: string) => void;
  /**
   * An error to show; `retry` where trying again as is may work, `retryAfterSeconds` when the answer said how long
   * to wait first; `looked` once a request was made.
   */
  fail: (error: { key: string; retry: boolean; retryAfterSeconds?: number }, looked: boolean) => void;
  begin: (request: ResolveRequestBody) => void;
  log: (text: string) => void;
  succeed: (resolution: Resolution, request: ResolveRequestBody) => void;
  end: () => void;
}

const CHECKING = 'gramsave-checking';

export async function runLookup(raw: string, page: LookupPage): Promise<void> {
  const value = raw.trim();
  const batch = batchOf(value, page.valid, page.profile);
  if (batch) return page.startBatch(batch);
  // An empty box is not a wrong link: ask for one.
  if (value === '') return page.fail({ key: page.profile ? 'errors.emptyProfile' : 'errors.emptyUrl', retry: false }, false);
  // The profile tool and the story page take names themselves; on the Threads tool a name is no Instagram account.
  const username = !page.profile && !page.toProfileView && page.formId !== 'threads' && !page.valid(value) ? usernameIn(value) : null;
  if (username) return page.toProfile(username);
  const viewName = page.toProfileView ? bareUsername(value) : null;
  if (viewName) return page.toProfileView!(viewName);
  if (!page.valid(value)) return page.fail({ key: page.profile ? 'errors.invalidProfile' : 'errors.invalidUrl', retry: false }, false);
  const request: ResolveRequestBody = page.formId === 'home' ? { url: value } : { url: value, tool: page.formId };
  page.begin(request);
  page.log(describeRequest(request.tool, looksLikeLink(value) ? 'link' : 'username'));
  // Past the free lookups the browser solves a challenge first (lookup-fetch.ts): say so while it does.
  const stopListening = whenSolving((solving) => (solving ? notify.loading(page.t('downloader.checking'), { id: CHECKING }) : notify.dismiss(CHECKING)));
  try {
    const outcome = await resolveLink(request).finally(stopListening);
    if (outcome.ok) {
      const count = outcome.resolution.items.length;
      page.succeed(outcome.resolution, request);
      page.log(describeResolution(outcome.resolution, outcome.status, outcome.ms));
      const ready = readyMessage(outcome.resolution);
      notify.success(page.t(ready.key, ready.values ?? (count > 1 ? { count } : undefined)));
    } else {
      const key = errorMessageKey(outcome.failure, page.formId);
      page.log(describeFailure(outcome.failure, outcome.ms, key));
      const { failure } = outcome;
      const wait = failure.kind === 'http' ? failure.retryAfterSeconds : undefined;
      page.fail({ key, retry: worthRetrying(failure), ...(wait ? { retryAfterSeconds: wait } : {}) }, true);
    }
  } finally {
    page.end();
  }
}
