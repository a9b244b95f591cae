/**
 * Every cause of spec §8's error catalogue shows its translated toast, with the home / story / other-page wording;
 * a failure never shows results. The causes take English and Spanish in turn: the text of a key comes from the
 * same code in every language (each language's keys are checked by locales.test.ts), so each cause is played once,
 * and both languages are played across the catalogue. Faults are switched on in the fake upstream for targets no
 * other test uses, so the tests can run in parallel.
 */
import { expect, test, type Page } from '@playwright/test';
import { localizePath } from '../../src/shared/routes.ts';
import { THREADS_FIXTURE } from '../fake-instagram/threads/threads-fixtures.ts';
import { fakeUpstreamRunning, linkBox, setFault, started, strings, submitLink, text, toast, toastsReady } from './helpers.ts';

const LANGS = ['en', 'es'] as const;
const HOME = '/';
const STORY = '/instagram-story-download';
const post = (shortcode: string) => `https://www.instagram.com/p/${shortcode}/`;
const story = (username: string) => `https://www.instagram.com/stories/${username}/`;

interface Cause {
  name: string;
  page: string;
  input: string;
  key: string;
  fault?: [target: string, fault: string];
  /** Refused in the browser: no request is made. */
  local?: boolean;
}

const CAUSES: Cause[] = [
  // A well-formed URL of another site: the browser's own type=url check passes, ours (spec §5) refuses it.
  { name: 'invalid link', page: HOME, input: 'https://example.com/p/B866lKJgReK/', key: 'errors.invalidUrl', local: true },
  // An empty box asks for a link (or a username) instead of calling nothing a wrong link.
  { name: 'empty box', page: HOME, input: '', key: 'errors.emptyUrl', local: true },
  { name: 'empty box (profile)', page: '/instagram-profile-picture-downloader', input: '', key: 'errors.emptyProfile', local: true },
  { name: 'invalid profile', page: '/instagram-profile-picture-downloader', input: 'not a user!', key: 'errors.invalidProfile', local: true },
  { name: 'unsupported link', page: HOME, input: 'https://www.instagram.com/explore/', key: 'errors.unsupported' },
  // Instagram throttled us (not this site's own limit): the page says who asks for the wait (issue 33).
  { name: 'rate limited', page: HOME, input: post('E2Erate00001'), key: 'errors.rateLimitedInstagram', fault: ['E2Erate00001', 'rate_limited'] },
  { name: 'not found (home)', page: HOME, input: post('E2Emissing1'), key: 'errors.notFoundHome' },
  { name: 'not found (story)', page: STORY, input: story('e2e_nobody_story'), key: 'errors.notFoundStory' },
  { name: 'private (home)', page: HOME, input: post('E2EprivPost1'), key: 'errors.forbiddenHome', fault: ['E2EprivPost1', 'private'] },
  { name: 'private (story)', page: STORY, input: story('ronaldinho'), key: 'errors.forbiddenStory', fault: ['ronaldinho', 'private'] },
  { name: 'login required', page: HOME, input: post('E2Elogin0001'), key: 'errors.loginRequired', fault: ['E2Elogin0001', 'login_redirect'] },
  { name: 'no media (home)', page: HOME, input: post('E2Eempty0001'), key: 'errors.noMediaHome', fault: ['E2Eempty0001', 'empty'] },
  { name: 'no media (photo page)', page: '/instagram-photo-downloader', input: post('E2Eempty0002'), key: 'errors.noMediaPage', fault: ['E2Eempty0002', 'empty'] },
  { name: 'no media (story)', page: STORY, input: story('e2e_empty_story'), key: 'errors.noMediaStory', fault: ['e2e_empty_story', 'empty'] },
  // Threads (issue 40): a text-only thread and a Threads profile have words of their own, on any page.
  { name: 'text-only thread', page: HOME, input: `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.text}`, key: 'errors.noMediaThread' },
  { name: 'Threads profile', page: '/instagram-video-downloader', input: 'https://www.threads.com/@zuck', key: 'errors.threadsProfile' },
  { name: 'anything else (home)', page: HOME, input: post('E2Egarbage01'), key: 'errors.failedHome', fault: ['E2Egarbage01', 'garbage'] },
  { name: 'anything else (video page)', page: '/instagram-video-downloader', input: post('E2Egarbage02'), key: 'errors.failedVideo', fault: ['E2Egarbage02', 'garbage'] },
  { name: 'anything else (reels page)', page: '/instagram-reels-downloader', input: post('E2Egarbage03'), key: 'errors.failedReels', fault: ['E2Egarbage03', 'garbage'] },
  { name: 'Instagram unreachable', page: HOME, input: post('E2Ereset0001'), key: 'errors.upstream', fault: ['E2Ereset0001', 'reset'] },
];

test.beforeAll(async () => {
  expect(await fakeUpstreamRunning(), 'serve.ts must run against the fake Instagram').toBe(true);
});

function countResolves(page: Page): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/resolve')) count++;
  });
  return () => count;
}

for (const lang of LANGS) {
  const causes = CAUSES.filter((_, index) => LANGS[index % LANGS.length] === lang);
  // One visitor meeting the causes one after another (a step each): a fresh browser per cause cost four CPU-seconds
  // each on two cores, most of the run's time.
  test(`${causes.length} causes of the catalogue in ${lang}, each with its own toast`, async ({ page }) => {
    test.setTimeout(180_000);
    for (const cause of causes) {
      await test.step(`${cause.name}: ${cause.key}`, async () => {
        if (cause.fault) await setFault(...cause.fault);
        try {
          const resolves = countResolves(page);
          await page.goto(localizePath(lang, cause.page));
          await submitLink(page, cause.input);
          await expect(toast(page, text(strings(lang), cause.key))).toBeVisible();
          await expect(page.getByTestId('results'), 'no sample items on failure').toHaveCount(0);
          await expect(page.locator('form button[type="submit"]')).toBeEnabled();
          // Nothing lost: the link stays, and after a request the focus (dropped by the disabled button) returns to the box.
          await expect(linkBox(page)).toHaveValue(cause.input);
          if (!cause.local) await expect(linkBox(page)).toBeFocused();
          expect(resolves()).toBe(cause.local ? 0 : 1);
        } finally {
          if (cause.fault) await setFault(cause.fault[0], null);
        }
      });
    }
    if (lang !== 'en') return;
    await test.step('a rate limit that says how long: who asks, a countdown, and Retry once it is over', async () => {
      const all = strings(lang);
      const LIMITED = 'E2Erate00002';
      await page.goto(localizePath(lang, HOME));
      await setFault(LIMITED, { rateLimitedUntil: Date.now() + 8000 });
      try {
        await submitLink(page, post(LIMITED));
        const alert = page.getByRole('alert').filter({ hasText: text(all, 'errors.rateLimitedInstagram') });
        await expect(alert.getByTestId('retry-countdown')).toContainText(/[1-8]/);
        const retry = alert.getByRole('button', { name: text(all, 'downloader.retry') });
        // Retry at once could only meet the same limit: it waits for the countdown, then works.
        await expect(retry).toBeDisabled();
        await expect(retry).toBeEnabled({ timeout: 20_000 });
        await expect(alert.getByTestId('retry-countdown')).toHaveCount(0);
      } finally {
        await setFault(LIMITED, null);
      }
    });
  });
}

test('network failure: errors.network in en (the next test plays it in es)', async ({ page, context }) => {
  const lang = LANGS[0];
  await page.goto(localizePath(lang, HOME));
  // A visitor who loses the connection after starting to use the page (the toast library is then loaded).
  await started(page);
  await toastsReady(page);
  await context.setOffline(true);
  try {
    await submitLink(page, post('B866lKJgReK'));
    await expect(toast(page, text(strings(lang), 'errors.network'))).toBeVisible();
    await expect(page.getByTestId('results')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('network failure before any use of the page: the error under the box says so (no toast library came)', async ({ page, context }) => {
  const lang = LANGS[1]!;
  await page.goto(localizePath(lang, HOME));
  // Started (the Paste button comes after hydration); the page's other optional parts may still be on their way.
  await expect(page.getByRole('button', { name: text(strings(lang), 'downloader.paste'), exact: true })).toBeVisible();
  await context.setOffline(true);
  try {
    await submitLink(page, post('B866lKJgReK'));
    await expect(page.getByRole('alert')).toContainText(text(strings(lang), 'errors.network'));
    await expect(page.getByRole('button', { name: text(strings(lang), 'downloader.retry') })).toBeVisible();
    await expect(page.getByTestId('results')).toHaveCount(0);
    await expect(page.locator('[data-rht-toaster]')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  // Back online, Retry runs the lookup.
  await page.getByRole('button', { name: text(strings(lang), 'downloader.retry') }).click();
  await expect(page.getByTestId('results')).toBeVisible();
});

test('a part of the page whose code cannot load stays as prerendered, and the page keeps working', async ({ page }) => {
  const en = strings('en');
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.route(/\/assets\/(Footer|ToolTabs)-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/instagram-video-downloader');
  // Started: the Paste button comes after hydration.
  await expect(page.getByRole('button', { name: text(en, 'downloader.paste'), exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(text(en, 'notFound.crashed'));
  await submitLink(page, post('B866lKJgReK'));
  await expect(page.getByTestId('results')).toBeVisible();
  expect(errors).toEqual([]);
  // The footer kept its prerendered HTML: its links still lead on, as plain links.
  await page.getByRole('contentinfo').getByRole('link', { name: text(en, 'nav.contact'), exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
