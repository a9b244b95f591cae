/**
 * Recent lookups: kept in this browser only, shown under the form on the next visit (and after a reload),
 * one click looks a link up again, Clear empties the list for good. Nothing of it reaches the server.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { fakeUpstreamRunning, resultItems, strings, submitLink, text } from './helpers.ts';

const en = strings('en');

test.beforeEach(async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
});

test('recent lookups survive a reload, look a link up again, and Clear empties them', async ({ page }) => {
  const sentToServer: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sentToServer.push(r.postData() ?? '');
  });
  await page.goto('/');
  await expect(page.getByTestId('recent')).toHaveCount(0);
  await submitLink(page, `https://www.instagram.com/p/${FIXTURE.image}/`);
  await expect(resultItems(page)).toHaveCount(1);
  await submitLink(page, `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`);
  await expect(resultItems(page)).toHaveCount(4);

  // A new visit of the page (a reload of the address would show the carousel again: it holds the link, issue 37 point 9).
  await page.goto('/');
  const recent = page.getByTestId('recent');
  await expect(recent.getByRole('heading')).toContainText(text(en, 'recent.heading'));
  const entries = recent.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  // Newest first, with the author and a thumbnail that loads through our own media route.
  await expect(entries.first()).toContainText('@manchesterunited');
  await expect(entries.nth(1)).toContainText('@instagram');
  // Told apart by what they are and the post's code, not by the author alone (issue 33).
  await expect(entries.first().getByTestId('recent-kind')).toHaveText(`${text(en, 'recent.kinds.post')} · ${FIXTURE.v1Carousel}`);
  await expect(entries.nth(1).getByTestId('recent-kind')).toHaveText(`${text(en, 'recent.kinds.post')} · ${FIXTURE.image}`);
  await expect.poll(() => entries.first().locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Another page of the site shares the list (one browser, one list).
  await page.goto('/instagram-photo-downloader');
  await expect(page.getByTestId('recent').getByRole('listitem')).toHaveCount(2);
  await page.getByTestId('recent').getByRole('button', { name: /@instagram/ }).click();
  await expect(resultItems(page)).toHaveCount(1);
  await expect(page.getByTestId('recent')).toHaveCount(0); // results take its place until the next visit

  await page.goto('/');
  await page.getByTestId('recent').getByRole('button', { name: text(en, 'recent.clear') }).click();
  await expect(page.getByTestId('recent')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('recent')).toHaveCount(0);
  // The list lived in this browser only: no request ever carried it.
  expect(sentToServer.some((body) => body.includes('"author"') || body.includes('recent'))).toBe(false);
});
