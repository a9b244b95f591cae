/**
 * Every page's HTML holds its parts in place: the header, the main content and the footer are there before any
 * script runs, and nothing moves while the page starts. React once wrote large parts as hidden copies moved into place by inline scripts on a later frame,
 * so the header could be missing after the load event (and for good in a tab that draws no frames).
 */
import { expect, test } from '@playwright/test';
import { linkBox, started } from './helpers.ts';

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
