/**
 * Every page's HTML holds its parts in place: the header, the main content and the footer are there before any
 * script runs, and nothing moves while the page starts. React once wrote large parts as hidden copies moved into place by inline scripts on a later frame,
 * so the header could be missing after the load event (and for good in a tab that draws no frames).
 */
import { expect, test } from '@playwright/test';
import { linkBox, started, strings, text } from './helpers.ts';

const PAGES = ['/', '/fr/instagram-video-downloader', '/blog', '/ja/contact'];

test.describe('with no script run at all', () => {
  test.use({ javaScriptEnabled: false });
  for (const path of PAGES) {
    test(`${path} shows its header, content and footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('header').first()).toBeVisible({ timeout: 1 });
      await expect(page.locator('main h1')).toBeVisible({ timeout: 1 });
      await expect(page.locator('footer').first()).toBeVisible({ timeout: 1 });
      expect(await page.locator('div[hidden][id^="S:"], template[id^="B:"]').count(), 'parts written out of place').toBe(0);
      // The first frame waits for the whole main content (a busy phone's parser yields mid-page, and a frame of a
      // half-parsed header or tool tabs moved once the rest came): the render-blocking link's target follows main.
      const heldUntil = await page.evaluate(() => {
        const href = document.querySelector('link[rel="expect"][blocking="render"]')?.getAttribute('href');
        const target = href ? document.querySelector(href) : null;
        const main = document.querySelector('main');
        return Boolean(target && main && main.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING && !main.contains(target));
      });
      expect(heldUntil, 'the first frame waits for the part after main').toBe(true);
    });
  }
});

// The symptom a visitor saw: the content jumped down by the header's height once a script moved it in, after the page
// had started (a click aimed at Download then landed above it). Nothing on the page moves while it starts.
for (const viewport of [{ width: 1280, height: 720 }, { width: 360, height: 740 }]) {
  test(`at ${viewport.width} px, the home and a tool page do not move while they start`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
          shifts.push(`${entry.value.toFixed(3)} ${entry.sources?.map((s) => s.node?.nodeName).join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/instagram-video-downloader']) {
      await page.goto(path);
      await started(page);
      await linkBox(page).fill('https://www.instagram.com/p/C0ffee12345/');
      // Long enough for the last part's code to come (the header's and the footer's load at the first sign of use).
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
    }
  });
}

// A part whose code is still on its way keeps its prerendered HTML even when the page around it changes: the tool
// tabs stood until a letter was typed in the box, then React dropped them for their (empty) fallback until their
// code came, and the page jumped up and back down.
test('at 360 px, a link typed while the tool tabs’ code is on its way leaves the tabs standing', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ToolTabs-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/instagram-video-downloader');
  await started(page);
  const tabs = page.getByRole('navigation', { name: text(strings('en'), 'header.tools') }).filter({ has: page.getByRole('link', { name: text(strings('en'), 'downloader.types.photo'), exact: true }) });
  await expect(tabs, 'the prerendered tabs stand before anything is typed').toBeVisible({ timeout: 1 });
  const before = await linkBox(page).boundingBox();
  await linkBox(page).fill('https://www.instagram.com/p/C0ffee12345/');
  await linkBox(page).press('End');
  await expect(tabs).toBeVisible({ timeout: 1 });
  expect((await linkBox(page).boundingBox())?.y, 'the box stayed where it was').toBe(before?.y);
  release();
  await page.waitForLoadState('networkidle');
  expect((await linkBox(page).boundingBox())?.y).toBe(before?.y);
});

// A move within the page (the skip link's #main, the footer's #faq) changes the router's location, a context above every
// part: before their code came, the header, the home's sections and the footer were dropped for nothing.
test('the skip link, taken before the header’s and footer’s code came, leaves them standing', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(Header|Footer|HomeSections)-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await started(page);
  const en = strings('en');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: text(en, 'a11y.skipToContent') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('header').first()).toBeVisible({ timeout: 1 });
  await expect(page.locator('footer').first()).toBeVisible({ timeout: 1 });
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 1 });
  release();
  // Once the code has come, the header's menu works.
  await page.getByRole('banner').getByRole('button', { name: text(en, 'header.support') }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: text(en, 'nav.blog'), exact: true })).toBeVisible();
});
