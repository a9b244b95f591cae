/**
 * Unknown addresses: each language answers 404 with its own styled page (heading, text and a link home in that
 * language), never a "Redirecting to /blog" stub; the page survives a reload and its link leads home.
 */
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { localizePath } from '../../src/shared/routes.ts';
import { strings, text } from './helpers.ts';

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function expectNotFound(page: Page, lang: (typeof LANGUAGE_CODES)[number], url: string): Promise<void> {
  const all = strings(lang);
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('h1')).toHaveText(text(all, 'notFound.heading'));
  await expect(page.getByText(text(all, 'notFound.text'))).toBeVisible();
  const home = page.getByRole('link', { name: text(all, 'notFound.backHome') });
  await expect(home).toHaveAttribute('href', localizePath(lang, '/'));
  // Styled: the site's stylesheet gives the link its brand background (an unstyled stub has none).
  expect(await home.evaluate((a) => getComputedStyle(a).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await expect(page.locator('header')).toBeVisible();
  await expect(page).not.toHaveURL(/\/blog$/);
}

test('an unknown deep path answers each language its own styled 404 with a way home', async ({ page }) => {
  const errors = pageErrors(page);
  for (const lang of LANGUAGE_CODES) await expectNotFound(page, lang, localizePath(lang, '/deep/unknown/path'));
  expect(errors).toEqual([]);
});

test('/blog/x/y and a two-segment path are 404 pages too, after a reload, and the link goes home', async ({ page }) => {
  const errors = pageErrors(page);
  await expectNotFound(page, 'en', '/blog/x/y');
  await expectNotFound(page, 'en', '/deep/unknown');
  await expectNotFound(page, 'ja', '/ja/deep/unknown');
  await page.reload();
  await expect(page.locator('h1')).toHaveText(text(strings('ja'), 'notFound.heading'));
  await page.getByRole('link', { name: text(strings('ja'), 'notFound.backHome') }).click();
  await expect(page).toHaveURL(/\/ja$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/ja\/deep\/unknown$/);
  await expect(page.locator('h1')).toHaveText(text(strings('ja'), 'notFound.heading'));
  expect(errors).toEqual([]);
});
