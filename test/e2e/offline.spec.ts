/**
 * Offline, after one visit: the service worker keeps the home and seven tool pages of the visitor's language (and no
 * other language's), so a tool page never opened loads offline, styled and in its language, and `/` (the installed
 * app's start) opens the visitor's own home; any other page it does not hold is our own offline page in the
 * address's language, with Retry; a reload and a return visit still work.
 */
import { expect, test, type Page } from '@playwright/test';
import { TOOLS } from '../../src/shared/tools.ts';
import { linkBox, strings, text } from './helpers.ts';

// The worker is what is tested here (playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

const fr = strings('fr');
const de = strings('de');
const ar = strings('ar');
const BRAND = 'rgb(21, 128, 61)';

async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The home and tool pages the worker keeps (its gramsave-tools cache), by path. */
async function keptToolPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('gramsave-tools-')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.filter((p) => !p.endsWith('.data')).sort();
  });
}

const keptOf = (lang: string): string[] => [`/${lang}`, ...TOOLS.map((tool) => `/${lang}${tool.path}`)].sort();

test('after one visit, a tool page not yet opened loads offline, and any other page is our offline page in its language', async ({ page, context }) => {
  await page.goto('/fr/instagram-video-downloader');
  await controlled(page);
  // The French home and seven tool pages, and only those: not all 22 languages' pages.
  await expect.poll(() => keptToolPages(page), { timeout: 20_000 }).toEqual(keptOf('fr'));

  await context.setOffline(true);
  try {
    await test.step('the installed app’s start, `/`, opens the visitor’s own home, as the online redirect would', async () => {
      await page.goto('/');
      await expect(page).toHaveURL('/fr');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(linkBox(page)).toBeVisible();
    });

    // A tool page never opened: whole, styled, French.
    await page.goto('/fr/instagram-photo-downloader');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('h1')).toBeVisible();
    await expect(linkBox(page)).toBeVisible();
    await expect(page.locator('form button[type="submit"]')).toHaveCSS('background-color', BRAND);
    // A reload offline, and another tool.
    await page.reload();
    await expect(page.locator('form button[type="submit"]')).toHaveCSS('background-color', BRAND);
    await page.goto('/fr/instagram-profile-picture-downloader');
    await expect(linkBox(page)).toBeVisible();

    // A move inside the app to a page it does not hold: its data cannot come, and the error screen says offline
    // with Retry, not "something went wrong". (A marker on window shows the move stayed inside the app.)
    await expect(page.getByRole('button', { name: text(fr, 'downloader.paste'), exact: true })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    await page.getByRole('banner').getByRole('button', { name: text(fr, 'header.support') }).click();
    await page.getByRole('banner').getByRole('link', { name: text(fr, 'nav.blog'), exact: true }).click();
    await expect(page).toHaveURL('/fr/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(fr, 'offline.title'));
    await expect(page.getByRole('link', { name: text(fr, 'offline.retry') })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayedInApp?: boolean }).stayedInApp)).toBe(true);

    // A page it does not hold: ours, in French, with Retry, and not the browser's error page.
    const blog = await page.goto('/fr/blog');
    expect(blog?.status()).toBe(503);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(fr, 'offline.title'));
    await expect(page.getByText(text(fr, 'offline.body'))).toBeVisible();
    const retry = page.getByRole('link', { name: text(fr, 'offline.retry') });
    await expect(retry).toHaveCSS('background-color', BRAND);
    // And a way home, to the language's kept home page (issue 37 point 15).
    await expect(page.getByRole('link', { name: text(fr, 'offline.home') })).toHaveAttribute('href', '/fr');

    // The address's language decides, right to left where it reads so.
    await page.goto('/de/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(de, 'offline.title'));
    await page.goto('/ar/blog');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(ar, 'offline.title'));

    await page.goto('/fr/blog');
    await retry.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(fr, 'offline.title'));
  } finally {
    await context.setOffline(false);
  }
  // Back online, Retry opens the page itself.
  await page.getByRole('link', { name: text(fr, 'offline.retry') }).click();
  await expect(page).toHaveURL('/fr/blog');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(text(fr, 'offline.title'));

  // A return visit in another language keeps that language's pages instead, and `/` offline now opens its home.
  await page.goto('/de');
  await expect.poll(() => keptToolPages(page), { timeout: 20_000 }).toEqual(keptOf('de'));
  await context.setOffline(true);
  try {
    await page.goto('/');
    await expect(page).toHaveURL('/de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  } finally {
    await context.setOffline(false);
  }
});

test.describe('a French browser whose visitor chose English in the menu', () => {
  test.use({ locale: 'fr-FR' });

  test('offline, `/` opens the chosen English home, as the server does online (issue 37 point 6)', async ({ page, context }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/fr');
    await controlled(page);
    await expect.poll(() => keptToolPages(page), { timeout: 20_000 }).toEqual(keptOf('fr'));
    await page.getByRole('button', { name: new RegExp(text(fr, 'header.language')) }).click();
    await page.getByRole('link', { name: /^English/ }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.setOffline(true);
    try {
      await page.goto('/');
      await expect(page).toHaveURL('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(linkBox(page)).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('an Arabic browser whose language pages could not be kept', () => {
  test.use({ locale: 'ar-EG' });

  test('offline, `/` opens the browser’s own home from the pages it visited, not the English one', async ({ page, context }) => {
    // The worker's fetch of the tool pages fails (the connection dropped while it kept them): nothing is kept, and
    // the only Arabic page it holds is the home this visitor opened.
    await context.route(/\/ar\/instagram-[^/]*$/, (route) => route.abort());
    await context.addInitScript(() => sessionStorage.setItem('documents', `${sessionStorage.getItem('documents') ?? ''} ${location.pathname}`));
    await page.goto('/ar');
    await controlled(page);
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => Boolean(await (await caches.open('gramsave-pages')).match(`${location.origin}/ar`))), { timeout: 20_000 })
      .toBe(true);
    expect(await keptToolPages(page), 'no language’s pages kept').toEqual([]);

    await context.setOffline(true);
    try {
      // The worker sends `/` on at once (a redirect), rather than the English shell whose script would redirect after
      // it has shown: the browser's language decides, as nothing is kept. Each document started is noted.
      await page.evaluate(() => sessionStorage.setItem('documents', ''));
      await page.goto('/');
      await expect(page).toHaveURL('/ar');
      expect(await page.evaluate(() => sessionStorage.getItem('documents')), 'no English document was shown first').toBe(' /ar');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(linkBox(page)).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
