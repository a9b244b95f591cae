/**
 * Issue 37, blocker 1: a post's Download in the profile view works as long as the view is shown. The feed page was
 * cached for 15 minutes but the posts it put in the resolution cache for 10; past that the button looked the post up
 * logged out, which Instagram often walls, and the visitor read "deleted" under a post on the screen. Here the view
 * is shown on the twin whose cache clock the test moves (serve.ts, POST /later), past both lifetimes, while
 * Instagram walls the logged-out lookup of these posts: a photo's and a carousel's Download still save their files.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { feedCode, PROFILE_FIXTURE } from '../fake-instagram/user-fixtures.ts';
import { CONTROL_ORIGIN, fakeUpstreamRunning, readZip, setFault, strings, submitLink, text } from './helpers.ts';

const en = strings('en');
/** Newest first: post 3 is a photo, post 4 a carousel (the fixtures cycle photo, carousel, reel). */
const PHOTO = feedCode(3);
const CAROUSEL = feedCode(4);

async function control(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${CONTROL_ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  if (!response.ok) throw new Error(`control ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const postDownload = (page: Page, code: string) =>
  page.getByTestId('profile-view').getByTestId('profile-post').filter({ has: page.locator(`#post-${code}`) }).getByRole('button', { name: text(en, 'downloader.download') + ':', exact: false });

test('a post shown in the profile view still downloads when the view has been open past the cache lifetimes', async ({ page }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  test.setTimeout(90_000);
  const { origin } = (await control('/later')) as { origin: string };
  try {
    await page.goto(`${origin}/instagram-story-download`);
    await submitLink(page, `@${PROFILE_FIXTURE.user}`);
    await expect(page.getByTestId('profile-view').getByTestId('profile-post')).toHaveCount(PROFILE_FIXTURE.pageSize);

    // 50 minutes on the screen (the walk-through's case): past the feed page's 15 minutes and the posts' 10.
    await control('/later/clock', { advanceMs: 50 * 60_000 });
    // Logged out, Instagram asks to log in for these posts; the feed, read with the session, showed them.
    await setFault(PHOTO, 'login_redirect');
    await setFault(CAROUSEL, 'login_redirect');

    const photo = page.waitForEvent('download', { timeout: 20_000 });
    await postDownload(page, PHOTO).click();
    const photoFile = await photo;
    expect(photoFile.suggestedFilename()).toMatch(new RegExp(`-${PHOTO}-.*\\.jpg$`));
    const bytes = await readFile((await photoFile.path())!);
    expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');

    const carousel = page.waitForEvent('download', { timeout: 20_000 });
    await postDownload(page, CAROUSEL).click();
    const carouselFile = await carousel;
    expect(carouselFile.suggestedFilename()).toMatch(new RegExp(`-${CAROUSEL}.*\\.zip$`));
    expect(readZip(await readFile((await carouselFile.path())!)).length).toBeGreaterThan(1);

    await expect(page.getByText(text(en, 'errors.notFoundHome'))).toHaveCount(0);
    await expect(page.getByText(text(en, 'errors.loginRequired'))).toHaveCount(0);
  } finally {
    await setFault(PHOTO, null);
    await setFault(CAROUSEL, null);
  }
});
