/**
 * Every language on a 360 px phone: the tool tabs all stay on screen (they wrap, nothing scrolls out of sight),
 * and the results' Download button keeps each word whole (in Japanese, ダウンロード on one line). A screenshot
 * per language is kept with the test's output for a look by eye.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { localizePath } from '../../src/shared/routes.ts';
import { fakeUpstreamRunning, resultItems, strings, submitLink, text } from './helpers.ts';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test.beforeEach(async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
});

for (const lang of LANGUAGE_CODES) {
  test(`${lang} at 360 px: every tool tab on screen, the Download label unbroken`, async ({ page }, testInfo) => {
    const all = strings(lang);
    await page.goto(localizePath(lang, '/instagram-photo-downloader'));
    const tabs = page.getByRole('navigation', { name: text(all, 'header.tools') }).getByRole('link');
    await expect(tabs).toHaveCount(6);
    for (const box of await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await submitLink(page, `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`);
    await expect(resultItems(page)).toHaveCount(4);
    const download = resultItems(page).first().getByRole('button', { name: text(all, 'downloader.download'), exact: true });
    // Lines the label's text takes, against the words it has: more lines than words means a word was split.
    const { lines, words } = await download.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { lines: tops.size, words: (button.textContent ?? '').trim().split(/\s+/).length };
    });
    expect(lines, `"${await download.textContent()}" takes ${lines} lines`).toBeLessThanOrEqual(words);
    await page.screenshot({ path: testInfo.outputPath(`${lang}-360.png`), fullPage: false });
  });
}
