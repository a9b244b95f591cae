/**
 * The downloader on phones and for assistive technology: no sideways scrolling at 360 px, 44 px touch
 * targets, visible focus, axe with results shown, and the iPhone download path (navigating to the
 * attachment URL instead of saving a blob). Screenshots of home with results go to test-results/.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { axeViolations, SERIOUS } from './axe.ts';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { expectNoHorizontalOverflow, fakeUpstreamRunning, linkBox, resultItems, strings, submitLink, text, toast } from './helpers.ts';

const en = strings('en');
const carousel = `https://www.instagram.com/p/${FIXTURE.carousel}/`;

test.beforeAll(async () => {
  expect(await fakeUpstreamRunning(), 'serve.ts must run against the fake Instagram').toBe(true);
});

const seriousViolations = (page: Page) => axeViolations(page, SERIOUS);

/**
 * Bring every shown picture into view (they load lazily) and wait until it has loaded or failed, so checks
 * see the final layout. (The fake CDN serves placeholder bytes, not decodable pictures.)
 */
async function settle(page: Page): Promise<void> {
  for (const img of await page.getByTestId('results').locator('li img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  const PAGES = [
    ['home', '/', carousel],
    ['video page', '/instagram-video-downloader', `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`],
    ['story page', '/instagram-story-download', `https://www.instagram.com/stories/${FIXTURE.storyUser}/`],
    ['reels page', '/instagram-reels-downloader', `https://www.instagram.com/reel/${FIXTURE.v1Reel}/`],
  ] as const;
  // One visitor on one phone going through the pages (a step each): a fresh browser per page cost four CPU-seconds.
  test(`${PAGES.map(([name]) => name).join(', ')} with results: no horizontal overflow and 44 px touch targets`, async ({ page }) => {
    for (const [name, path, link] of PAGES) {
      await test.step(name, async () => {
        await page.goto(path);
        await expectNoHorizontalOverflow(page);
        await submitLink(page, link);
        await expect(resultItems(page).first()).toBeVisible();
        await settle(page);
        await expectNoHorizontalOverflow(page);
        const controls = page.locator('form button, form input, [data-testid="results"] :is(button, a, select)');
        for (const control of await controls.all()) {
          if (!(await control.isVisible())) continue;
          const box = (await control.boundingBox())!;
          expect(box.height, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
        }
        // The best file's name shows whole under its Download, however narrow the cell (issue 33).
        const best = page.getByTestId('results').getByTestId('best-choice').first();
        expect(await best.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        if (name === 'home') await page.screenshot({ path: 'test-results/home-results-360.png', fullPage: true });
      });
    }
  });
});

test('home with results at 1280 px (screenshot)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await submitLink(page, carousel);
  await expect(resultItems(page)).toHaveCount(3);
  await settle(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: 'test-results/home-results-1280.png', fullPage: true });
});

test('the first Download is in view right under the box, at 1280×800 and 390×844; other sizes are folded', async ({ page }) => {
  // One visitor, two screens, three kinds of result: a reel with many sizes, a carousel, a photo (issue 37 point 3:
  // the first Download was 88–418 px below the view at 1280×800 and 158–581 px at 390×844).
  // Six lookups in one page: about 40 s on a quiet machine.
  test.setTimeout(150_000);
  const LOOKUPS = [
    ['/instagram-reels-downloader', `https://www.instagram.com/reel/${FIXTURE.dashReel}/`],
    ['/', carousel],
    ['/instagram-photo-downloader', `https://www.instagram.com/p/${FIXTURE.image}/`],
  ] as const;
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    for (const [path, link] of LOOKUPS) {
      await test.step(`${viewport.width}×${viewport.height} ${path}`, async () => {
        await page.goto(path);
        await submitLink(page, link);
        const download = resultItems(page).first().getByRole('button', { name: text(en, 'downloader.download'), exact: true });
        await expect(download).toBeVisible();
        const inView = async () => {
          const [button, box] = [(await download.boundingBox())!, (await linkBox(page).boundingBox())!];
          return button.y + button.height <= viewport.height && button.y >= 0 && box.y + box.height > 0;
        };
        await expect.poll(inView, { message: 'the first Download and the box are both in view' }).toBe(true);
        const more = resultItems(page).first().locator('details');
        if (path === '/instagram-reels-downloader') {
          // The best file says what it is in plain words; the other sizes wait behind "More sizes".
          await expect(resultItems(page).first().getByTestId('best-choice')).toHaveText(/^Full HD 1080p · ≈ /);
          await expect(more.getByTestId('more-sizes')).toBeHidden();
          await more.getByText(text(en, 'downloader.moreSizes')).click();
          await expect(more.getByTestId('more-sizes').getByRole('button').first()).toBeVisible();
        }
      });
    }
  }
});

test('axe finds no serious or critical violations with results shown', async ({ page }) => {
  // Three lookups and three axe passes: more than the default minute on a loaded 2-core machine. (Home with results
  // is judged in dark-mode.spec.ts, in both themes and for contrast as well.) The story page shows its debug log.
  test.setTimeout(180_000);
  for (const [path, link] of [
    ['/instagram-reels-downloader', `https://www.instagram.com/reel/${FIXTURE.v1Reel}/`],
    ['/instagram-story-download?debug=1', `https://www.instagram.com/stories/${FIXTURE.storyUser}/`],
    ['/instagram-profile-picture-downloader', FIXTURE.profile],
  ] as const) {
    await page.goto(path);
    await submitLink(page, link);
    await expect(resultItems(page).first()).toBeVisible();
    await expect(page.getByRole('status').first()).toBeVisible();
    const log = page.getByTestId('debug-log');
    if (await log.count()) await log.getByText(text(en, 'downloader.debugLog')).click();
    // The results with their success toast (held still by axe.ts for the pass).
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('results are labelled, take the focus, and show a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await submitLink(page, carousel);
  const heading = page.getByRole('heading', { name: text(en, 'downloader.resultsHeading') });
  await expect(heading).toBeFocused();
  // After a click (or a tap) the results take the focus without a ring around them; after Enter, with one (issue 33).
  const ring = () => heading.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(await ring()).toBe('none');
  await linkBox(page).fill(carousel);
  await linkBox(page).press('Enter');
  await expect(heading).toBeFocused();
  expect(await ring()).not.toBe('none');
  await expect(page.getByRole('list', { name: text(en, 'downloader.resultsHeading') }).getByRole('listitem')).toHaveCount(3);
  // Keyboard users reach the first control, which shows an outline.
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return { tag: el.tagName, style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) };
  });
  expect(['A', 'BUTTON', 'SELECT']).toContain(outline.tag);
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test('a download started from the keyboard keeps the focus on its button', async ({ page }) => {
  await page.goto('/');
  await submitLink(page, `https://www.instagram.com/reel/${FIXTURE.reel2025}/`);
  await expect(resultItems(page)).toHaveCount(1);
  const button = resultItems(page)
    .first()
    .getByRole('button', { name: text(en, 'downloader.download'), exact: true });
  await button.focus();
  const downloadP = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await downloadP;
  // A video goes to the browser's download manager; the page says it started.
  await expect(page.getByRole('status').filter({ hasText: text(en, 'success.started') })).toBeVisible();
  await expect(button).toBeFocused();
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent, viewport: devices['iPhone 13'].viewport, hasTouch: true });

  test('a download navigates to the attachment URL instead of saving a blob', async ({ page }) => {
    await page.goto('/');
    await submitLink(page, `https://www.instagram.com/reel/${FIXTURE.reel2025}/`);
    await expect(resultItems(page)).toHaveCount(1);
    const downloadP = page.waitForEvent('download');
    await resultItems(page)
      .first()
      .getByRole('button', { name: text(en, 'downloader.download'), exact: true })
      .click();
    const download = await downloadP;
    expect(download.url()).toMatch(/\/api\/v1\/media\/[^/]+\?download=1$/);
    expect(download.suggestedFilename()).toMatch(/^[\w.]+-[\w-]+-\d{3,4}p\.mp4$/);
    await expect(toast(page, text(en, 'success.started'))).toBeVisible();
  });
});
