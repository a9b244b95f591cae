/**
 * The server's first answer speaks the visitor's language (issue 37 points 6, 14 and 16): `/` sends a French
 * browser to `/fr` before any English page is shown, and a language chosen in the menu wins over the browser's
 * afterwards; a mistyped address is a 404 in the visitor's language offering the tools; an Instagram path on our
 * address (`/reel/<code>/`, `/<user>/`) opens that result in the visitor's language. Each document a visit starts
 * is noted, so an English page shown first (the flash the client's redirect made) is seen.
 */
import { expect, test, type Page } from '@playwright/test';
import { TOOLS } from '../../src/shared/tools.ts';
import { FIXTURE } from '../fake-instagram/index.ts';
import { resultItems, strings, text } from './helpers.ts';

test.use({ locale: 'fr-FR' });

const fr = strings('fr');
const en = strings('en');

/** The paths of the documents started since the last call. */
async function documents(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() => sessionStorage.getItem('documents') ?? '');
  await page.evaluate(() => sessionStorage.setItem('documents', ''));
  return seen.split(' ').filter(Boolean);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('documents', `${sessionStorage.getItem('documents') ?? ''} ${location.pathname}`));
});

test('/ answers a French browser in French at once; English chosen in the menu wins over the browser, then French again', async ({ page }) => {
  const first = await page.goto('/');
  expect(first?.url()).toMatch(/\/fr$/);
  expect(first?.request().redirectedFrom()?.url()).toMatch(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await documents(page), 'no English page before the French one').toEqual(['/fr']);

  const languages = page.getByRole('button', { name: new RegExp(text(fr, 'header.language')) });
  await languages.click();
  await page.getByRole('link', { name: /^English/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await documents(page);

  // A return visit and a reload keep the chosen English: the server sees the choice, the browser's French loses.
  for (const step of [() => page.goto('/'), () => page.reload()]) {
    const answer = await step();
    expect(answer?.url()).toMatch(/\/$/);
    expect(answer?.request().redirectedFrom()).toBeNull();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  expect(await documents(page)).toEqual(['/', '/']);

  await page.getByRole('button', { name: new RegExp(text(en, 'header.language')) }).click();
  await page.getByRole('link', { name: /^Français/ }).click();
  await expect(page).toHaveURL(/\/fr$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr$/);
  await page.goBack();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a mistyped address is a 404 in the visitor’s language that offers the tools, after a reload too', async ({ page }) => {
  const response = await page.goto('/instagram-reel-downloadr');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/fr\/instagram-reel-downloadr$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('h1')).toHaveText(text(fr, 'notFound.heading'));
  await page.reload();
  const tools = page.getByRole('navigation', { name: text(fr, 'header.tools') }).last();
  await expect(tools.getByRole('link')).toHaveCount(TOOLS.length);
  await tools.getByRole('link', { name: text(fr, 'nav.reels') }).click();
  await expect(page).toHaveURL(/\/fr\/instagram-reels-downloader$/);
  await page.goBack();
  await expect(page.locator('h1')).toHaveText(text(fr, 'notFound.heading'));
});

test('Instagram links on our address open their result in the visitor’s language', async ({ page }) => {
  await page.goto(`/reel/${FIXTURE.reel}/?igsh=x`);
  await expect(page).toHaveURL(new RegExp(`/fr/instagram-reels-downloader\\?url=.*${FIXTURE.reel}`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(resultItems(page).first()).toBeVisible({ timeout: 20_000 });

  await page.goto(`/${FIXTURE.storyUser}/`);
  await expect(page).toHaveURL(/\/fr\/instagram-profile-picture-downloader\?url=/);
  await expect(page.getByTestId('profile-view')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('profile-view')).toBeVisible({ timeout: 20_000 });
});
