/**
 * Dark mode follows prefers-color-scheme, or the footer's theme switch (remembered, no flash): the page turns
 * dark, and axe finds no contrast (or other serious) violation in either theme on the home page with results, a tool page with a batch queue (a failed row, a
 * ready one) and an error, and the contact page; the results are judged on a desktop, the other views on a phone.
 * Screenshots of the results at 1280 px and 360 px in each theme are kept in test-results.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, SERIOUS_OR_CONTRAST } from './axe.ts';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { fakeUpstreamRunning, linkBox, resultItems, setFault, strings, submitLink, text } from './helpers.ts';

test.beforeEach(async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
});

const violations = (page: Page) => axeViolations(page, SERIOUS_OR_CONTRAST);

/** Pictures load lazily: bring each into view and wait, so axe and the screenshot see the final page. */
async function settle(page: Page): Promise<void> {
  for (const img of await page.locator('main img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

const carousel = `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`;
const body = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK = 'rgb(15, 23, 42)';

/** The footer's theme switch on a light system (issue 33): dark chosen, kept across a reload with no light flash. */
async function themeSwitchSteps(page: Page): Promise<void> {
  const theme = page.getByLabel(text(strings('en'), 'header.theme'));
  await test.step('dark chosen on a light system', async () => {
    await page.goto('/');
    // The footer's code comes at the reader's first scroll; its switch is disabled until then.
    await theme.scrollIntoViewIfNeeded();
    await expect(theme).toBeEnabled();
    await theme.selectOption('dark');
    await expect.poll(() => body(page)).toBe(DARK);
    expect(await violations(page), 'the footer, dark by choice').toEqual([]);
  });
  await test.step('remembered, and painted before any of the app’s code runs (no flash)', async () => {
    const scripts = /\/assets\/.*\.js$/;
    await page.route(scripts, (route) => route.abort());
    await page.reload();
    expect(await body(page)).toBe(DARK);
    await page.unroute(scripts);
    await page.reload();
    await theme.scrollIntoViewIfNeeded();
    await expect(theme).toHaveValue('dark');
  });
  await test.step('back to the system', async () => {
    await theme.selectOption('system');
    await expect.poll(() => body(page)).toBe('rgb(255, 255, 255)');
  });
}

for (const scheme of ['dark', 'light'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('every view passes axe, contrast included', async ({ page }) => {
      // Five axe passes, each after the page has settled: more than the default minute on a loaded 2-core machine.
      test.setTimeout(180_000);
      await setFault('E2Edark0001', 'not_found');
      await page.goto('/');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(15, 23, 42)' : 'rgb(255, 255, 255)');
      expect(await violations(page), 'home').toEqual([]);

      await submitLink(page, carousel);
      await expect(resultItems(page)).toHaveCount(4);
      await settle(page);
      expect(await violations(page), 'home with results').toEqual([]);
      // The same results on a desktop and on a phone, for a look by eye; the views after them are judged on the phone.
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
        await settle(page);
        await page.screenshot({ path: `test-results/${scheme}-home-results-${width}.png`, fullPage: true });
      }

      await page.goto('/instagram-photo-downloader');
      await submitLink(page, 'not a link');
      await expect(page.getByRole('alert').first()).toBeVisible();
      expect(await violations(page), 'inline error').toEqual([]);

      await linkBox(page).fill(`https://www.instagram.com/p/${FIXTURE.image}/ https://www.instagram.com/p/E2Edark0001/`);
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByTestId('batch-row').nth(1)).toHaveAttribute('data-status', 'failed');
      await expect(page.getByTestId('batch-row').nth(0)).toHaveAttribute('data-status', 'ready');
      await settle(page);
      expect(await violations(page), 'batch queue').toEqual([]);

      await page.goto('/contact');
      expect(await violations(page), 'contact').toEqual([]);
      if (scheme === 'light') await themeSwitchSteps(page);
    });
  });
}
