/**
 * Many links at once: a pasted block of five links (one that does not exist, one that Instagram rate-limits for
 * a few seconds) becomes a queue whose rows end ready or failed, with a visible countdown on the limited row while
 * its limit is waited out; "Download all as one ZIP" saves one archive with a folder per post and MISSING.txt.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { fakeUpstreamRunning, linkBox, pasteInto, readZip, setFault, strings, text } from './helpers.ts';

const en = strings('en');
const post = (code: string) => `https://www.instagram.com/p/${code}/`;
const GONE = 'E2Egone0002';

test.beforeEach(async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
});

test('a pasted block of five links: a rate limit waited out with a countdown, a bad link failed, one ZIP of the rest', async ({ page }) => {
  await setFault(GONE, 'not_found');
  await page.goto('/');
  // The limit starts once the page is there: a cold first page load can take seconds on a busy machine.
  await setFault(FIXTURE.reel2025, { rateLimitedUntil: Date.now() + 8000 });
  const links = [post(FIXTURE.v1Carousel), `https://www.instagram.com/reel/${FIXTURE.reel2025}/`, post(FIXTURE.image), post(GONE), `https://www.instagram.com/reel/${FIXTURE.reel}/`];
  // Line breaks, a duplicate and a trailing comma: five distinct links in the end.
  await pasteInto(page, `${links.slice(0, 3).join('\n')}\n${links[0]}\n${links.slice(3).join(', ')},`);
  await expect(linkBox(page)).toHaveValue(/instagram\.com\/p\/Cji5EVwNDcC\/\nhttps:/);
  // The eight seconds of rate limit start at the submit: set before the page loaded, they could be over on a busy
  // machine. (Four were too few with three browsers on two cores: the queue reached the link after the limit.)
  await setFault(FIXTURE.reel2025, { rateLimitedUntil: Date.now() + 8000 });
  await page.locator('form button[type="submit"]').click();

  const queue = page.getByTestId('batch');
  await expect(queue.getByRole('heading', { level: 2 })).toHaveText(text(en, 'batch.heading', { count: 5 }));
  await expect(queue.getByRole('heading', { level: 2 })).toBeFocused();
  const rows = queue.getByTestId('batch-row');
  await expect(rows).toHaveCount(5);

  // The limited link waits (not failed) while its own countdown runs; Instagram's limit is on that link alone, so
  // no banner holds the rest (issue 37 point 12).
  await expect(rows.nth(1).getByTestId('row-countdown')).toContainText(/Continuing in [1-8] s/);
  await expect(queue.getByTestId('batch-countdown')).toHaveCount(0);
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'waiting');
  await expect(rows.nth(3)).toHaveAttribute('data-status', 'failed');
  await expect(rows.nth(3)).toContainText(text(en, 'errors.notFoundHome'));
  // A post that does not exist will not appear on a second try: no Retry (the single view shows none either).
  await expect(rows.nth(3).getByRole('button', { name: text(en, 'downloader.retry') })).toHaveCount(0);
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  for (const i of [0, 2, 4]) await expect(rows.nth(i)).toHaveAttribute('data-status', 'ready');
  await expect(queue.getByText(text(en, 'batch.done', { ready: 4, failed: 1 })).first()).toBeVisible();
  // Screen readers hear the progress through a polite live region.
  await expect(queue.getByTestId('batch-status')).toHaveText(text(en, 'batch.done', { ready: 4, failed: 1 }));
  // A ready row's items are the usual results (thumbnails and per-item downloads), behind a click on its state.
  await rows.nth(0).getByRole('button', { name: text(en, 'batch.ready_other', { count: 4 }) }).click();
  await expect(queue.getByTestId('results').getByRole('listitem')).toHaveCount(4);

  const downloadP = page.waitForEvent('download');
  await queue.getByRole('button', { name: text(en, 'batch.downloadAll') }).click();
  const download = await downloadP;
  expect(download.suggestedFilename()).toMatch(/^instagram-batch-[\dT-]+Z\.zip$/);
  const entries = readZip(await readFile((await download.path())!));
  const folders = new Set(entries.filter((e) => e.name.includes('/')).map((e) => e.name.split('/')[0]));
  expect(folders.size).toBe(4);
  expect([...folders].some((f) => f!.endsWith(`_${FIXTURE.v1Carousel}`))).toBe(true);
  expect(entries.filter((e) => e.name.includes(`_${FIXTURE.v1Carousel}/`))).toHaveLength(4);
  const missing = entries.find((e) => e.name === 'MISSING.txt');
  expect(missing?.data.toString()).toContain(post(GONE));
  expect(missing?.data.toString()).toContain(text(en, 'errors.notFoundHome'));
});

test('a failed row is retried on its own; one link still behaves as it always did', async ({ page }) => {
  await setFault('E2Eflaky001', 'server_error');
  await page.goto('/instagram-photo-downloader');
  await linkBox(page).fill(`${post(FIXTURE.image)} ${post('E2Eflaky001')}`);
  await page.locator('form button[type="submit"]').click();
  const rows = page.getByTestId('batch-row');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'failed');
  await setFault('E2Eflaky001', null);
  // A shortcode the fake does not know is "not found" once the fault is gone: a clean, translated failure again.
  await rows.nth(1).getByRole('button', { name: text(en, 'downloader.retry') }).click();
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'failed');
  await expect(rows.nth(1)).toContainText(text(en, 'errors.notFoundHome'));

  await linkBox(page).fill(post(FIXTURE.image));
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('batch')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: text(en, 'downloader.resultsHeading'), level: 2 })).toBeFocused();
});

test('a link Instagram keeps limiting does not hold the ZIP back: the ready posts download at once, and the row can be skipped', async ({ page }) => {
  const LIMITED = 'E2Elimited1';
  await setFault(LIMITED, { rateLimitedUntil: Date.now() + 120_000 });
  await page.goto('/');
  // Posts no test puts a fault on (a cached lookup would spoil that test), and a link of our own that stays limited.
  await pasteInto(page, [post(FIXTURE.image), post(LIMITED), `https://www.instagram.com/tv/${FIXTURE.igtv}/`].join('\n'));
  // As a visitor does: the links are in the box before the click.
  await expect(linkBox(page)).toHaveValue(new RegExp(`${LIMITED}/\\nhttps:`));
  await page.locator('form button[type="submit"]').click();
  const queue = page.getByTestId('batch');
  const rows = queue.getByTestId('batch-row');
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'ready');
  await expect(rows.nth(2)).toHaveAttribute('data-status', 'ready');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'waiting');
  await expect(rows.nth(1)).toContainText(text(en, 'batch.limited'));
  await expect(rows.nth(1).getByTestId('row-countdown')).toBeVisible();

  // While the limited link still waits, the ZIP of the ready posts is there; MISSING.txt names the waiting link.
  const zipButton = queue.getByRole('button', { name: text(en, 'batch.downloadReady') });
  await expect(zipButton).toBeEnabled();
  const downloadP = page.waitForEvent('download');
  await zipButton.click();
  const entries = readZip(await readFile((await (await downloadP).path())!));
  expect(new Set(entries.filter((e) => e.name.includes('/')).map((e) => e.name.split('/')[0])).size).toBe(2);
  const missing = entries.find((e) => e.name === 'MISSING.txt')?.data.toString();
  expect(missing).toContain(post(LIMITED));
  expect(missing).toContain(text(en, 'batch.missingLimited'));

  // Skip, by keyboard: the row ends (with Retry) and the batch is done.
  await rows.nth(1).getByRole('button', { name: `${text(en, 'batch.skip')}: ${post(LIMITED)}` }).press('Enter');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'failed');
  await expect(rows.nth(1)).toContainText(text(en, 'batch.missingLimited'));
  await expect(rows.nth(1).getByRole('button', { name: text(en, 'downloader.retry') })).toBeVisible();
  await expect(queue.getByTestId('batch-status')).toContainText(text(en, 'batch.done', { ready: 2, failed: 1 }));
  // Done: nothing is left to wait for, so the rate limit's countdown goes (it once stayed and restarted).
  await expect(queue.getByTestId('batch-countdown')).toHaveCount(0);
  await expect(queue.getByRole('button', { name: text(en, 'batch.downloadAll') })).toBeEnabled();
  await setFault(LIMITED, null);
});
