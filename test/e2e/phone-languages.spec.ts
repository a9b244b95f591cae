/**
 * Every language on a 360 px phone: the tool tabs all stay on screen (they wrap, nothing scrolls out of sight) and no
 * web font is fetched, with a screenshot per language for a look by eye; and the results' Download button keeps each
 * word whole (in Japanese, ダウンロード on one line) in the languages where a word can break: scripts written without
 * spaces, and the longest labels of the others.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { LANGUAGE_CODES, type Language } from '../../src/shared/language-codes.ts';
import { localizePath } from '../../src/shared/routes.ts';
import { TOOLS } from '../../src/shared/tools.ts';
import { fakeUpstreamRunning, resultItems, strings, submitLink, text } from './helpers.ts';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test.beforeEach(async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
});

async function expectTabsOnScreen(page: Page, lang: Language): Promise<void> {
  const tabs = page.getByRole('navigation', { name: text(strings(lang), 'header.tools') }).getByRole('link');
  await expect(tabs).toHaveCount(TOOLS.length);
  for (const box of await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left, lang).toBeGreaterThanOrEqual(0);
    expect(box.right, lang).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(PHONE.width);
}

test('every language at 360 px: every tool tab on screen, nothing sideways, no web font fetched', async ({ page }, testInfo) => {
  // System fonts only (app.css gives each script a stack per platform): a first visit downloads no font.
  const fonts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'font' && fonts.push(r.url()));
  for (const lang of LANGUAGE_CODES) {
    await page.goto(localizePath(lang, '/instagram-photo-downloader'));
    await expectTabsOnScreen(page, lang);
    await page.screenshot({ path: testInfo.outputPath(`${lang}-360.png`), fullPage: false });
  }
  expect(fonts, 'web fonts fetched').toEqual([]);
});

/** Scripts that break lines between any two characters, and the three longest Download labels of the rest. */
const NO_SPACES: readonly Language[] = ['ja', 'zh', 'ko', 'th'];
const LABEL_LANGUAGES = [
  ...NO_SPACES,
  ...LANGUAGE_CODES.filter((lang) => !NO_SPACES.includes(lang))
    .sort((a, b) => text(strings(b), 'downloader.download').length - text(strings(a), 'downloader.download').length)
    .slice(0, 3),
];

test(`${LABEL_LANGUAGES.join(', ')} at 360 px: the Download label unbroken in the results`, async ({ page }, testInfo) => {
  // One visitor trying each language in turn (a step each): a fresh browser per language cost four CPU-seconds.
  for (const lang of LABEL_LANGUAGES) {
    await test.step(lang, async () => {
      const all = strings(lang);
      await page.goto(localizePath(lang, '/instagram-photo-downloader'));
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
      expect(lines, `${lang}: "${await download.textContent()}" takes ${lines} lines`).toBeLessThanOrEqual(words);
      await expectTabsOnScreen(page, lang);
      await page.screenshot({ path: testInfo.outputPath(`${lang}-360-results.png`), fullPage: false });
    });
  }
});

/**
 * Where each line of an element's text starts, and the words Intl.Segmenter finds in it (ICU's dictionary for
 * Japanese): a line that starts where no word does split a word ("ダウンロ|ード").
 */
async function wordsSplit(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      // A visually hidden heading (sr-only, 1 px wide) puts each character on a line of its own: no line to read.
      if (element.getBoundingClientRect().width <= 1) return [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let text = '';
      const tops: (number | undefined)[] = [];
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(range.getClientRects()[0]?.top);
          text += node.data[i];
        }
      }
      const starts = new Set([...new Intl.Segmenter('ja', { granularity: 'word' }).segment(text)].map((s) => s.index));
      const split: string[] = [];
      for (let i = 1; i < text.length; i++) {
        const [before, here] = [tops[i - 1], tops[i]];
        if (before !== undefined && here !== undefined && here > before + 2 && !starts.has(i)) split.push(`${element.tagName}: ${text.slice(Math.max(0, i - 6), i)}|${text.slice(i, i + 6)}`);
      }
      return split;
    }),
  );
}

test('ja at 360 px: headings and buttons break between words, never inside one (issue 37 point 15)', async ({ page }) => {
  // Chromium breaks between phrases (word-break: auto-phrase) where it finds them; keep-all elsewhere (app.css). A
  // headline's words get their breaks in the string (U+200B where Latin meets Japanese, and in long katakana runs).
  const split: string[] = [];
  for (const path of ['/', '/instagram-photo-downloader', '/instagram-story-download', '/instagram-profile-picture-downloader', '/privacy']) {
    await page.goto(localizePath('ja', path));
    // The home's lower sections come at the first sign of use: a scroll to the bottom brings them.
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    split.push(...(await wordsSplit(page, 'main :is(h1, h2, h3, label, summary), main button:not(:is(h1, h2, h3) button)')));
  }
  expect(split).toEqual([]);
});
