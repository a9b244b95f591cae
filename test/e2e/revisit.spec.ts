/**
 * Real visits, not only first ones: each kind of page loaded, loaded again (the browser revalidates it and gets
 * a 304), reloaded, left and come back to with back/forward, and "Download More" followed. Every time the page
 * must be styled, hydrated (a menu opens) and free of CSP violations: a 304 that carried another policy than its
 * 200 once left every second visit unstyled and dead.
 */
import { expect, test, type Page } from '@playwright/test';
import { localizePath } from '../../src/shared/routes.ts';
import { BLOG_SLUGS } from '../../src/shared/blog-posts.ts';
import { linkBox, resultItems, submitLink } from './helpers.ts';

const PAGES = [
  ['home', '/'],
  ['tool page', '/instagram-video-downloader'],
  ['tool page in Japanese', '/ja/instagram-story-download'],
  ['blog list', '/fr/blog'],
  ['blog post', `/blog/${BLOG_SLUGS[0]}`],
  ['contact', '/de/contact'],
  ['404 page', '/es/no/such/page'],
] as const;

/** Collects CSP violations the page reports (DOM events) and logs (console), from the first byte on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Styled (the stylesheet applied), hydrated (a React handler answers) and clean. */
async function expectAlive(page: Page, violations: string[], when: string): Promise<void> {
  const header = page.locator('header').first();
  await expect(header, when).toBeVisible();
  const styles = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return { font: body.fontFamily, margin: body.margin, sheets: document.styleSheets.length };
  });
  expect(styles.sheets, `${when}: stylesheets`).toBeGreaterThan(0);
  expect(styles.font, `${when}: font`).not.toMatch(/^"?Times/);
  expect(styles.margin, `${when}: Tailwind's reset`).toBe('0px');
  const menu = header.locator('button[aria-expanded]:visible').first();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu, `${when}: hydrated`).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  expect(violations, `${when}: CSP violations`).toEqual([]);
}

for (const [kind, path] of PAGES) {
  test(`${kind} (${path}) is styled and alive on the second visit, after a reload and back/forward`, async ({ page }) => {
    const violations = await watchCsp(page);
    const first = await page.goto(path);
    expect(first?.status()).toBe(kind === '404 page' ? 404 : 200);
    await expectAlive(page, violations, 'first visit');

    // Away and back by a new navigation: the cached page is revalidated (If-None-Match → 304, which the browser
    // merges into its cached copy and reports as that copy).
    const revalidations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== path || request.resourceType() !== 'document') return;
      void request.allHeaders().then((headers) => headers['if-none-match'] && revalidations.push(headers['if-none-match']));
    });
    await page.goto('/privacy');
    await page.goto(path);
    await expectAlive(page, violations, 'second visit');
    await page.reload();
    await expectAlive(page, violations, 'reload');
    // An Italian page saves Italian as the visitor's language, after which the bare `/` rightly sends them to
    // `/it` (spec §2) whenever it loads afresh rather than from the back/forward cache: home leaves for English.
    await page.goto(kind === 'home' ? '/terms' : localizePath('it', '/terms'));
    await page.goBack();
    await expectAlive(page, violations, 'back');
    await page.goForward();
    await page.goBack();
    await expectAlive(page, violations, 'forward and back again');
    if (kind !== '404 page') expect(revalidations.length, 'the browser revalidated its cached copy').toBeGreaterThan(0);
  });
}

test('"Download More" reloads the tool page, which comes back styled and working', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/instagram-photo-downloader');
  await submitLink(page, 'https://www.instagram.com/p/B866lKJgReK/');
  await expect(resultItems(page)).toHaveCount(1);
  await page.getByRole('link', { name: 'Download More' }).click();
  await expect(page.getByTestId('results')).toHaveCount(0);
  await expectAlive(page, violations, 'after Download More');
  // The form works again: a second lookup shows results.
  await submitLink(page, 'https://www.instagram.com/p/B866lKJgReK/');
  await expect(resultItems(page)).toHaveCount(1);
  await expect(linkBox(page)).toBeVisible();
  expect(violations).toEqual([]);
});
