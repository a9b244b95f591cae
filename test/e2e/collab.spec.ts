/**
 * A collab post on the page (issue 36, what to build 6): the owner is the author, its co-authors stand beside it,
 * and the saved file is named after the owner. Played as a visit: the result, a reload and back again.
 */
import { expect, test } from '@playwright/test';
import { COLLAB_COAUTHORS, FIXTURE } from '../fake-instagram/fixtures.ts';
import { resolveDirect, resultItems, saveThrough, strings, submitLink, text } from './helpers.ts';

const en = strings('en');
const link = `https://www.instagram.com/p/${FIXTURE.collab}/`;

test('a collab post names its co-authors beside its owner; the file is saved under the owner', async ({ page, request }) => {
  const expected = await resolveDirect(request, link);
  const owner = expected.author.username;
  await page.goto('/instagram-photo-downloader');
  await submitLink(page, link);
  await expect(resultItems(page)).toHaveCount(expected.items.length);
  await expect(page.getByTestId('author-name')).toHaveText(expected.author.fullName ?? owner);
  const names = COLLAB_COAUTHORS.map((u) => `@${u}`).join(', ');
  await expect(page.getByTestId('coauthors')).toHaveText(text(en, 'downloader.coauthors', { names }));
  const { download } = await saveThrough(page, () => resultItems(page).first().getByRole('button', { name: text(en, 'downloader.download'), exact: true }).click());
  expect(download.suggestedFilename().startsWith(`${owner}-${FIXTURE.collab}`)).toBe(true);

  // Another post, then back: each result shows its own people (a post without co-authors names none).
  await submitLink(page, `https://www.instagram.com/p/${FIXTURE.image}/`);
  await expect(page.getByTestId('coauthors')).toHaveCount(0);
  await submitLink(page, link);
  await expect(page.getByTestId('coauthors')).toHaveText(text(en, 'downloader.coauthors', { names }));
});

test('in Arabic the co-authors line is translated, the names kept as they are', async ({ page }) => {
  await page.goto('/ar/instagram-photo-downloader');
  await submitLink(page, link);
  const names = COLLAB_COAUTHORS.map((u) => `@${u}`).join(', ');
  await expect(page.getByTestId('coauthors')).toHaveText(text(strings('ar'), 'downloader.coauthors', { names }));
});
