/**
 * A username on the story page opens that profile's view (issue 30), in one page: stories with their time left,
 * an album opened and closed by keyboard, more posts, a ticked story item, highlight item and posts as one ZIP, the whole profile and one section as one ZIP (checked with `unzip -l`;
 * each through the browser's download manager from its signed link, with a line saying it started), axe,
 * an instance without a live session in French (the picture, the posts, stories and highlights naming IG_SESSIONID), then the private
 * account's notice (once, with no ZIP) in Arabic at 360 px, right to left.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { PROFILE_FIXTURE } from '../fake-instagram/user-fixtures.ts';
import { axeViolations, SERIOUS } from './axe.ts';
import { CONTROL_ORIGIN, expectNoHorizontalOverflow, fakeUpstreamRunning, strings, submitLink, text } from './helpers.ts';

const en = strings('en');
const ar = strings('ar');
const fr = strings('fr');
/** The profile ZIP's signed GET link (http/users/zip.ts), which the browser's download manager takes. */
const ZIP_LINK = new RegExp(`^/api/v1/users/${PROFILE_FIXTURE.user.replace(/\./g, '\\.')}/zip/[^/]+$`);
/** A profile ZIP's name: what it holds, then the date and time it was made (shared/file-name.ts). */
const zipName = (what: string) => new RegExp(`^${PROFILE_FIXTURE.user}-${what}-\\d{8}-\\d{6}\\.zip$`);

test('a username on the story page: stories, an album, more posts, the whole profile as one ZIP; no session in French; Arabic at 360 px', async ({ page }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  test.setTimeout(120_000);
  const view = page.getByTestId('profile-view');

  await test.step('the story page takes a bare username and shows the profile', async () => {
    await page.goto('/instagram-story-download');
    await submitLink(page, `@${PROFILE_FIXTURE.user}`);
    await expect(view.getByRole('heading', { level: 2 })).toContainText(`@${PROFILE_FIXTURE.user}`);
    await expect(view.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(page.getByText(text(en, 'errors.invalidUrl'))).toHaveCount(0);
    const stories = view.getByRole('list', { name: text(en, 'profileView.stories') }).getByTestId('profile-item');
    await expect(stories).toHaveCount(6);
    await expect(stories.first()).toContainText(/Disappears in \d+ hours?/);
    await expect(view.getByTestId('profile-post')).toHaveCount(12);
  });

  await test.step('an album opens to its items and closes back to its cover, by keyboard', async () => {
    const [album] = PROFILE_FIXTURE.highlights;
    const cover = view.getByRole('button', { name: text(en, 'profileView.openAlbum', { title: album.title, count: 3 }) });
    await cover.focus();
    await page.keyboard.press('Enter');
    const back = view.getByRole('button', { name: text(en, 'profileView.backToHighlights') });
    await expect(back).toBeFocused();
    await expect(view.getByRole('heading', { name: album.title })).toBeVisible();
    await expect(view.getByRole('list', { name: album.title }).getByTestId('profile-item')).toHaveCount(3);
    expect(await axeViolations(page, SERIOUS)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(cover).toBeFocused();
  });

  await test.step('Load more shows the next page of posts', async () => {
    await view.getByRole('button', { name: text(en, 'profileView.loadMore') }).click();
    await expect(view.getByTestId('profile-post')).toHaveCount(24);
  });

  await test.step('Download all saves one ZIP: picture, stories/, an album folder each, a folder per post', async () => {
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await view.getByRole('button', { name: text(en, 'batch.downloadAll') }).click();
    const download = await downloading;
    // Each ZIP its own name: what it holds, the date and the time (issue 37).
    expect(download.suggestedFilename()).toMatch(zipName('profile'));
    const listing = execFileSync('unzip', ['-l', (await download.path())!], { encoding: 'utf8' });
    expect(listing.match(/ stories\//g)).toHaveLength(6);
    for (const album of PROFILE_FIXTURE.highlights) expect(listing.match(new RegExp(` highlight ${album.title}/`, 'g'))).toHaveLength(3);
    expect(new Set(listing.match(/ post MUFEED\d\d\//g)).size).toBe(PROFILE_FIXTURE.postCount);
    // Through the browser's download manager from the signed GET link (issue 37), never a blob made in the tab.
    expect(new URL(download.url()).pathname).toMatch(ZIP_LINK);
    await expect(view.getByTestId('zip-started').filter({ hasText: text(en, 'profileView.zipStarted') })).toBeVisible();
  });

  await test.step("the stories section's own ZIP holds the picture and the stories alone", async () => {
    const stories = view.getByRole('region', { name: text(en, 'profileView.stories') });
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await stories.getByRole('button', { name: text(en, 'profileView.downloadSection') }).click();
    const download = await downloading;
    expect(new URL(download.url()).pathname).toMatch(ZIP_LINK);
    expect(download.suggestedFilename()).toMatch(zipName('stories'));
    const listing = execFileSync('unzip', ['-Z1', (await download.path())!], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.filter((name) => name.startsWith('stories/'))).toHaveLength(6);
    expect(listing.filter((name) => name.includes('/') && !name.startsWith('stories/'))).toEqual([]);
  });

  await test.step('a ticked story item, highlight item and two posts download as one ZIP of them alone', async () => {
    const tick = text(en, 'profileView.tick');
    await view.getByRole('list', { name: text(en, 'profileView.stories') }).getByTestId('profile-item').nth(1).getByRole('checkbox', { name: tick }).check();
    const [album] = PROFILE_FIXTURE.highlights;
    await view.getByRole('button', { name: text(en, 'profileView.openAlbum', { title: album.title, count: 3 }) }).click();
    await view.getByRole('list', { name: album.title }).getByTestId('profile-item').nth(2).getByRole('checkbox', { name: tick }).check();
    await expect(view.getByTestId('ticked-bar')).toBeVisible();
    expect(await axeViolations(page, SERIOUS)).toEqual([]);
    await view.getByRole('button', { name: text(en, 'profileView.backToHighlights') }).click();
    const posts = view.getByTestId('profile-post');
    await posts.nth(0).getByRole('checkbox', { name: tick }).check();
    await posts.nth(13).getByRole('checkbox', { name: tick }).check();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await view.getByTestId('ticked-bar').getByRole('button', { name: text(en, 'profileView.downloadTicked', { count: 4 }) }).click();
    const download = await downloading;
    expect(new URL(download.url()).pathname).toMatch(ZIP_LINK);
    expect(download.suggestedFilename()).toMatch(zipName('ticked'));
    const listing = execFileSync('unzip', ['-Z1', (await download.path())!], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.filter((name) => name.startsWith('stories/'))).toHaveLength(1);
    expect(listing.filter((name) => name.startsWith(`highlight ${album.title}/`))).toHaveLength(1);
    expect(new Set(listing.filter((name) => name.startsWith('post ')).map((name) => name.split('/')[0]))).toEqual(new Set(['post MUFEED00', 'post MUFEED13']));
    expect(listing.filter((name) => !/^(stories\/|highlight |post )/.test(name))).toEqual([]);
  });

  await test.step('an instance without a live session, in French: the picture, the posts (logged-out paths), stories and highlights naming IG_SESSIONID', async () => {
    // The same app without IG_SESSIONID on the same fake (serve.ts starts it on first ask).
    const { origin } = (await (await fetch(`${CONTROL_ORIGIN}/no-session`, { method: 'POST' })).json()) as { origin: string };
    await page.goto(`${origin}/fr/instagram-story-download`);
    await submitLink(page, PROFILE_FIXTURE.user);
    await expect(view.getByRole('img', { name: text(fr, 'profileView.pictureAlt', { username: PROFILE_FIXTURE.user }) })).toBeVisible();
    const notices = view.getByTestId('section-notice');
    await expect(notices).toHaveCount(2);
    for (const notice of await notices.all()) await expect(notice).toHaveText(text(fr, 'profileView.needsSession', { setting: 'IG_SESSIONID' }));
    await expect(notices.first()).toContainText('IG_SESSIONID');
    // Issue 36: the username feed answers logged out, so the posts are listed without a session.
    await expect(view.getByTestId('profile-post')).toHaveCount(PROFILE_FIXTURE.pageSize);
    // Its ZIP holds the picture, and MISSING.txt says why the rest is not there in French (issue 37: it was English).
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await view.getByTestId('zip-all').click();
    const missing = execFileSync('unzip', ['-p', (await (await downloading).path())!, 'MISSING.txt'], { encoding: 'utf8' });
    expect(missing.split('\n')[0]).toBe(text(fr, 'profileView.missingHeading'));
    expect(missing).toContain(`stories: ${text(fr, 'profileView.needsSession', { setting: 'IG_SESSIONID' }).slice(0, 100)}`);
  });

  await test.step('a private account in Arabic at 360 px: right to left, its notice once, no ZIP, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ar/instagram-story-download');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await submitLink(page, PROFILE_FIXTURE.privateUser);
    // Issue 37 point 8: once for the account (it was said once per section), and no ZIP of a profile it cannot fill.
    const notices = view.getByTestId('section-notice');
    await expect(notices).toHaveText([text(ar, 'profileView.private')]);
    await expect(view.getByTestId('zip-all')).toHaveCount(0);
    await expect(view.getByTestId('zip-section')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  });
});
