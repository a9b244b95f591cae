/**
 * A pasted list of links: the box grows to show it one entry a line, says how many links it found (politely, to
 * screen readers too) and lists what it left out and why; one link keeps a one-line box that Enter submits; an
 * @username or a bare username on the home page leads to the profile-picture tool of the page's language.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { fakeUpstreamRunning, linkBox, pasteInto, resultItems, strings, text } from './helpers.ts';

const en = strings('en');
const fr = strings('fr');
const post = (code: string) => `https://www.instagram.com/p/${code}/`;

const height = async (page: Page) => (await linkBox(page).boundingBox())!.height;

test('a pasted list grows the box, says how many links it found and lists what it left out, and why', async ({ page }) => {
  await page.goto('/');
  const oneLine = await height(page);
  const list = [`Look at these: ${post('AAA')}`, '@natgeo', post('BBB'), 'instagram.com/p/AAA?igsh=1', 'https://example.com/video', `${post('CCC')}, ${post('DDD')}`, post('EEE')].join('\n');
  await pasteInto(page, list);

  // One entry a line (the line with two links is split), and the box shows the lines instead of one long line.
  await expect(linkBox(page)).toHaveValue(/\/p\/CCC\/\nhttps:\/\/www\.instagram\.com\/p\/DDD\//);
  expect(await linkBox(page).evaluate((box: HTMLTextAreaElement) => box.rows)).toBeGreaterThan(5);
  expect(await height(page)).toBeGreaterThan(oneLine * 3);

  const count = page.getByTestId('link-count');
  await expect(count).toHaveText(text(en, 'batch.found_other', { count: 5 }));
  await expect(count).toHaveAttribute('aria-live', 'polite');
  // The box is described by the count, so a screen reader on the box hears it too.
  await expect(linkBox(page)).toHaveAttribute('aria-describedby', (await count.getAttribute('id'))!);

  const leftOut = page.getByTestId('left-out');
  await expect(leftOut.getByRole('paragraph')).toHaveText(text(en, 'batch.leftOutHeading', { count: 6 }));
  const reasons = leftOut.getByRole('listitem');
  await expect(reasons).toHaveText([
    `Look — ${text(en, 'batch.leftNotInstagram')}`,
    `at — ${text(en, 'batch.leftNotInstagram')}`,
    `these: — ${text(en, 'batch.leftNotInstagram')}`,
    `@natgeo — ${text(en, 'batch.leftUsername')}`,
    `instagram.com/p/AAA?igsh=1 — ${text(en, 'batch.leftDuplicate')}`,
    `https://example.com/video — ${text(en, 'batch.leftNotInstagram')}`,
  ]);

  // Submitted, the batch holds the five links and still says what was left out.
  await page.locator('form button[type="submit"]').click();
  const queue = page.getByTestId('batch');
  await expect(queue.getByTestId('batch-row')).toHaveCount(5);
  await expect(queue.getByTestId('left-out').getByRole('listitem')).toHaveCount(6);
  // The box is empty and one line again; the count is gone.
  await expect(linkBox(page)).toHaveValue('');
  expect(await height(page)).toBeLessThan(oneLine * 1.5);
  await expect(count).toHaveText('');
});

test('the count speaks the page’s language, with its plural forms', async ({ page }) => {
  await page.goto('/fr');
  await pasteInto(page, `${post('AAA')}\n${post('BBB')}\n@natgeo`);
  await expect(page.getByTestId('link-count')).toHaveText(text(fr, 'batch.found_other', { count: 2 }));
  await expect(page.getByTestId('left-out').getByRole('listitem')).toHaveText([`@natgeo — ${text(fr, 'batch.leftUsername')}`]);
});

test('one link keeps a one-line box that Enter submits, with no count', async ({ page }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  await page.goto('/instagram-photo-downloader');
  await linkBox(page).fill(post(FIXTURE.image));
  expect(await linkBox(page).evaluate((box: HTMLTextAreaElement) => box.rows)).toBe(1);
  await expect(page.getByTestId('link-count')).toHaveText('');
  await linkBox(page).press('Enter');
  await expect(resultItems(page)).toHaveCount(1);
  // What the visitor typed stays (issue 37 point 4).
  await expect(linkBox(page)).toHaveValue(post(FIXTURE.image));
});

test('an @username or a bare username on the home page leads to the profile-picture tool, which looks it up', async ({ page }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  await page.goto('/');
  await linkBox(page).fill(`@${FIXTURE.profile}`);
  await linkBox(page).press('Enter');
  await expect(page).toHaveURL(`/instagram-profile-picture-downloader?url=${FIXTURE.profile}`);
  await expect(resultItems(page)).toHaveCount(1);
  await expect(page.getByText(text(en, 'errors.invalidUrl'))).toHaveCount(0);

  // In French, the French tool; a bare name too.
  await page.goto('/fr');
  await linkBox(page).fill(FIXTURE.profile);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(`/fr/instagram-profile-picture-downloader?url=${FIXTURE.profile}`);
  await expect(resultItems(page)).toHaveCount(1);
});
