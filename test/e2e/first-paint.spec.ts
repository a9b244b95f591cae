/**
 * Every page's HTML holds its parts in place: the header, the main content and the footer are there before any
 * script runs. React once wrote large parts as hidden copies moved into place by inline scripts on a later frame,
 * so the header could be missing after the load event (and for good in a tab that draws no frames).
 */
import { expect, test } from '@playwright/test';

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
