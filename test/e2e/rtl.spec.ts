/**
 * Arabic and Persian, right to left, in a real browser: the page mirrors (header, results grid, batch queue,
 * language menu), the link box and what shows a link or a username stay left to right, a lookup and a download
 * work, nothing scrolls sideways at 360 px, and axe finds nothing. Screenshots at 360 and 1280 px are attached.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { expectNoHorizontalOverflow, expectSameBytes, FILE_NAME, fakeUpstreamRunning, linkBox, resolveDirect, resultItems, saveThrough, strings, text } from './helpers.ts';

const CAROUSEL = `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`;

test.beforeEach(async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
});

const direction = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).direction);


/** Kept in test-results/ beside the other layouts' screenshots, and attached to the report. */
async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = `test-results/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const lang of ['ar', 'fa'] as const) {
  const all = strings(lang);
  // Counts are written in the language's digits (translator.ts), as Intl gives them.
  const digits = (n: number) => new Intl.NumberFormat(lang, { useGrouping: false }).format(n);

  test(`${lang}: the page mirrors, the link box stays left to right, and a lookup and a download work`, async ({ page, request }, testInfo) => {
    const expected = await resolveDirect(request, CAROUSEL);
    await page.goto(`/${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    // The header mirrors: the logo at the right, the language menu at the left.
    const logo = (await page.getByRole('link', { name: text(all, 'header.home') }).boundingBox())!;
    const languageButton = (await page.getByRole('button', { name: new RegExp(text(all, 'header.language')) }).boundingBox())!;
    expect(logo.x, 'logo right of the language menu').toBeGreaterThan(languageButton.x);

    // The empty box's hint reads right to left; a pasted link left to right.
    await expect(linkBox(page)).toHaveAttribute('dir', 'ltr');
    expect(await direction(page, 'form [name="url"]')).toBe('rtl');
    await linkBox(page).fill(CAROUSEL);
    expect(await direction(page, 'form [name="url"]')).toBe('ltr');
    const caret = await linkBox(page).evaluate((el: HTMLInputElement) => getComputedStyle(el).textAlign);
    expect(['start', 'left']).toContain(caret);

    await page.locator('form button[type="submit"]').click();
    const items = resultItems(page);
    await expect(items).toHaveCount(expected.items.length);
    // The grid mirrors: the first item is the right one of the first row.
    // Both boxes read in one frame: a picture loading above may move the whole grid between two separate reads.
    const [first, second] = await items.evaluateAll((cells) => cells.slice(0, 2).map((cell) => cell.getBoundingClientRect()));
    expect(first && second, 'two result cells').toBeTruthy();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(first!.x, 'first item right of the second').toBeGreaterThan(second!.x);
    await expect(items.first().getByTestId('item-position')).toHaveText(text(all, 'downloader.preview', { current: digits(1), total: digits(expected.items.length) }));
    // Latin fragments keep their order among Arabic or Persian words (issue 33): the box's example link whole, and
    // "(.zip)", not "(zip.)": the dot is drawn left of the z.
    await expect(linkBox(page)).toHaveAttribute('placeholder', /\u2066https:\/\/www\.instagram\.com\/p\/\.\.\.\u2069/);
    const zip = page.getByTestId('results').locator('a[download]').first();
    if ((await zip.textContent())!.includes('.zip')) {
      const [dot, z] = await zip.evaluate((el) => {
        const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('.zip'))!;
        const at = node.textContent!.indexOf('.zip');
        const x = (i: number) => {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return range.getBoundingClientRect().x;
        };
        return [x(at), x(at + 1)];
      });
      expect(dot, 'the dot of .zip left of its z').toBeLessThan(z!);
    }
    // A username reads @name, not name@.
    const username = page.getByTestId('results').getByText(`@${expected.author.username}`);
    if (expected.author.fullName) expect(await username.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    const picture = expected.items.findIndex((item) => item.type === 'image');
    const { download, fetched } = await saveThrough(page, () => items.nth(picture).getByRole('button', { name: text(all, 'downloader.download'), exact: true }).click());
    expect(download.suggestedFilename()).toMatch(FILE_NAME);
    await expectSameBytes(request, download, fetched);

    expect(await axeViolations(page), 'axe with results').toEqual([]);
    await screenshot(page, testInfo, `${lang}-1280-results`);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, `${lang}-360-results`);
  });

  test(`${lang}: the batch queue mirrors and shows its links left to right, at 360 px without sideways scroll`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/${lang}/instagram-photo-downloader`);
    await linkBox(page).fill(`https://www.instagram.com/p/${FIXTURE.image}/ https://www.instagram.com/p/${FIXTURE.v1Carousel}/`);
    await page.locator('form button[type="submit"]').click();
    const rows = page.getByTestId('batch-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'ready');
    const link = rows.nth(0).locator('[title^="https://"]');
    expect(await link.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // The link sits at the row's right (its start), its state at the left.
    const row = (await rows.nth(0).boundingBox())!;
    const linkBoxArea = (await link.boundingBox())!;
    expect(linkBoxArea.x + linkBoxArea.width).toBeGreaterThan(row.x + row.width / 2);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page), 'axe with a batch queue').toEqual([]);
    await screenshot(page, testInfo, `${lang}-360-batch`);
  });
}

test('ar: the language menu opens toward the page, fits a phone, finds a language and works by keyboard', async ({ page }, testInfo) => {
  const ar = strings('ar');
  await page.setViewportSize({ width: 360, height: 740 });
  // The menu's code arrives late, as on a slow phone: the keyboard still lands in its search once it is there
  // (the menu once gave up after half a second and left the focus on the button).
  await page.route(/\/assets\/LanguageList-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/ar/instagram-video-downloader');
  const button = page.getByRole('button', { name: new RegExp(text(ar, 'header.language')) });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const search = page.getByRole('searchbox', { name: text(ar, 'header.searchLanguages') });
  await expect(search).toBeFocused();
  await expect(page.getByRole('list', { name: text(ar, 'header.language') }).getByRole('link')).toHaveCount(22);
  const panel = (await page.getByRole('list', { name: text(ar, 'header.language') }).boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(360);
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page), 'axe with the language menu open').toEqual([]);
  await screenshot(page, testInfo, 'ar-360-language-menu');

  // Typing a name in the page's language (Arabic's name for Turkish) leaves one language; ArrowDown reaches it.
  await search.fill(new Intl.DisplayNames(['ar'], { type: 'language' }).of('tr')!);
  const links = page.getByRole('list', { name: text(ar, 'header.language') }).getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText('Türkçe');
  await search.fill('Klingon');
  await expect(page.getByRole('status').filter({ hasText: text(ar, 'header.noLanguageFound') })).toBeVisible();
  await search.fill('فارسی');
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fa\/instagram-video-downloader$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
});
