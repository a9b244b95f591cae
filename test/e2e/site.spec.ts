/**
 * The foundation in a real browser: every kind of route in English (and a sample in Spanish) renders its localised
 * h1 and title and hydrates without console errors; every page in every language is prerendered right (over HTTP),
 * its head naming the language's share picture, which is served; the language menu, the `/` redirect, redirects and the 404 page; axe on home and a downloader page.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, SERIOUS } from './axe.ts';
import { expectRevalidates, htmlText, PAGE_ACCEPT } from './helpers.ts';
import { readFileSync } from 'node:fs';
import { homePageScripts } from '../../bench/home-scripts.ts';
import { BLOG_SLUGS, titleFromSlug } from '../../src/shared/blog-posts.ts';
import sharp from 'sharp';
import { LANGUAGE_CODES, textDirection, type Language } from '../../src/shared/language-codes.ts';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImagePath } from '../../src/shared/og-image.ts';
import { allPagePaths, findPage, localizePath } from '../../src/shared/routes.ts';
import { parseFrontMatter, blogFile } from '../../src/client/lib/blog.server.ts';
import { localePath, type Namespace } from '../../src/client/lib/content.server.ts';

const json = (lang: Language, ns: Namespace) => JSON.parse(readFileSync(localePath(lang, ns), 'utf8'));

/** The h1 and <title> a page must show, read from the content files. */
function expectedHeading(lang: Language, path: string): { h1: string; title: string } {
  const common = json(lang, 'common');
  const kind = findPage(path)!.kind;
  switch (kind.page) {
    case 'home':
      return { h1: json(lang, 'home').heading, title: common.pages.home.title };
    case 'tool':
      return { h1: json(lang, 'tools')[kind.tool].headline, title: common.pages[kind.tool].title };
    case 'blog':
      return { h1: common.blog.title, title: common.pages.blog.title };
    case 'contact':
      return { h1: common.contact.title, title: common.pages.contact.title };
    case 'terms':
    case 'privacy':
      return { h1: json(lang, 'legal')[kind.page].title, title: common.pages[kind.page].title };
    case 'blogPost': {
      const slug = path.split('/').pop()!;
      let title = titleFromSlug(slug);
      try {
        title = parseFrontMatter(readFileSync(blogFile(slug, lang), 'utf8')).data.title ?? title;
      } catch {
        // no translation: the page shows the title-cased slug
      }
      return { h1: title, title: `${title} | Gramsave` };
    }
  }
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Pages a browser opens in en: every kind of page and every short alias, and two of the blog posts (one under /blog,
 * one at its short address). In es, one page of each kind whose text has a shape of its own (home, a tool, the blog
 * list, a post, a legal page): the others are the same page with other words. Every page's prerendered HTML is
 * checked in every language by the next test, without a browser.
 */
const BROWSER_PATHS = (() => {
  const paths = allPagePaths();
  const posts = paths.filter((p) => findPage(p)!.kind.page === 'blogPost');
  const en = [...paths.filter((p) => findPage(p)!.kind.page !== 'blogPost'), posts.find((p) => p.startsWith('/blog/'))!, posts.find((p) => !p.startsWith('/blog/'))!];
  const es = ['/', '/instagram-reels-downloader', '/blog', posts.find((p) => p.startsWith('/blog/'))!, '/privacy'];
  return { en, es };
})();

for (const lang of ['en', 'es'] as const) {
  // One visitor going from page to page (a step each): a fresh browser per page cost four CPU-seconds each on two
  // cores, most of the run's time, and a visitor's second page comes from a warm cache anyway.
  test(`every kind of route in ${lang}`, async ({ page }) => {
    const errors = watchErrors(page);
    for (const path of BROWSER_PATHS[lang]) {
      const url = localizePath(lang, path);
      await test.step(url, async () => {
        const expected = expectedHeading(lang, path);
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1')).toHaveText(expected.h1);
        await expect(page).toHaveTitle(expected.title);
        await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(LANGUAGE_CODES.length + 1);
        await page.waitForLoadState('networkidle');
        expect(errors, url).toEqual([]);
      });
    }
  });
}

/** The text of the first element `tag` in prerendered HTML. */
const textOf = (html: string, tag: string) => {
  const inner = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html)?.[1];
  return inner === undefined ? undefined : htmlText(inner);
};

test('every route in every language is prerendered with its language, direction, h1, title and hreflang alternates, and revalidates into the same headers', async ({ request }) => {
  test.setTimeout(180_000);
  const pages = LANGUAGE_CODES.flatMap((lang) => allPagePaths().map((path) => ({ lang, path, url: localizePath(lang, path) })));
  const check = async ({ lang, path, url }: (typeof pages)[number]) => {
    const response = await request.get(url, { headers: { accept: PAGE_ACCEPT } });
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    const expected = expectedHeading(lang, path);
    expect(/<html[^>]*\slang="([^"]+)"/.exec(html)?.[1], url).toBe(lang);
    expect(/<html[^>]*\sdir="([^"]+)"/.exec(html)?.[1], url).toBe(textDirection(lang));
    expect(textOf(html, 'h1'), url).toBe(expected.h1);
    expect(textOf(html, 'title'), url).toBe(expected.title);
    expect(html.match(/<link rel="alternate" hreflang="/gi)?.length, url).toBe(LANGUAGE_CODES.length + 1);
    // The language's share picture (issue 37 point 13), for Open Graph and for X's large card, which reads og:image.
    const image = ogImagePath(lang, json(lang, 'common').pages.home.title);
    expect(/<meta property="og:image" content="https?:\/\/[^/"]+([^"]+)"/.exec(html)?.[1], url).toBe(image);
    expect(/<meta name="twitter:card" content="([^"]+)"/.exec(html)?.[1], url).toBe('summary_large_image');
    await expectRevalidates(request, url, response);
  };
  // Eight at a time, so the server's concurrency is used and the test stays short.
  for (let i = 0; i < pages.length; i += 8) await Promise.all(pages.slice(i, i + 8).map(check));
  // Every language's picture is built and served as a year-long immutable PNG of the size the heads state.
  for (const lang of LANGUAGE_CODES) {
    const path = ogImagePath(lang, json(lang, 'common').pages.home.title);
    const response = await request.get(path);
    expect([response.status(), response.headers()['content-type'], response.headers()['cache-control']], path).toEqual([200, 'image/png', 'public, max-age=31536000, immutable']);
    const { format, width, height } = await sharp(await response.body()).metadata();
    expect({ format, width, height }, path).toEqual({ format: 'png', width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT });
  }
});

test('the language menu moves /fr/… to /de/… on the same page', async ({ page }) => {
  await page.goto('/fr/instagram-video-downloader');
  await page.waitForLoadState('networkidle');
  const menuButton = page.getByRole('button', { name: /Français/ });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/instagram-video-downloader$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('long one-word headings (de, ru legal pages) wrap instead of overflowing a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const url of ['/de/terms', '/de/privacy', '/ru/privacy']) {
    await page.goto(url);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `${url} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  }
});

test('a page reached from a menu or the footer moves the focus to its content', async ({ page }) => {
  const de = json('de', 'common');
  await page.goto('/de');
  await page.getByRole('button', { name: de.header.tools }).focus();
  // The first entry is the home page's downloader (it takes any link); the video tool comes next.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('banner').getByRole('link', { name: de.site.tagline, exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('banner').getByRole('link', { name: de.nav.video, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/de\/instagram-video-downloader$/);
  await expect(page.locator('main')).toBeFocused();
  // The head follows the move: the tool's own tags, read from its page data (lib/page-head.server.ts).
  await expect(page).toHaveTitle(de.pages.video.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/instagram-video-downloader$/);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  // The next Tab goes into the new page, not back into the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  await page.getByRole('contentinfo').getByRole('link', { name: de.nav.contact, exact: true }).click();
  await expect(page).toHaveURL(/\/de\/contact$/);
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveTitle(de.pages.contact.title);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/de\/contact$/);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

test('the home page’s start scripts build no head tags (each page’s come with its data) and hold no blog table', () => {
  const scripts = homePageScripts('build/client').map((file) => readFileSync(file, 'utf8')).join('\n');
  expect(scripts.length).toBeGreaterThan(1000);
  for (const marker of ['og:locale', 'x-default', 'schema.org', 'summary_large_image']) expect(scripts, marker).not.toContain(marker);
  // The articles' slugs are the page table's (shared/routes.ts), which the start reads nothing of (shared/paths.ts).
  for (const slug of BLOG_SLUGS) expect(scripts, slug).not.toContain(slug);
});

test('menus close on an outside click', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const tools = page.getByRole('button', { name: 'Tools' });
  await tools.click();
  await expect(tools).toHaveAttribute('aria-expanded', 'true');
  await page.locator('h1').click();
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
});

test('/ with a saved ja goes to /ja', async ({ page, context, baseURL }) => {
  // The saved language is the i18next cookie every page writes, which the server reads (issue 37 point 6).
  await context.addCookies([{ name: 'i18next', value: 'ja', url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/ja$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('/ with an English browser and nothing saved stays on English', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/$/);
});

test('/reels redirects to the reels downloader', async ({ page }) => {
  const response = await page.request.get('/reels', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/instagram-reels-downloader');
  await page.goto('/it/reels');
  await expect(page).toHaveURL(/\/it\/instagram-reels-downloader$/);
});

test('an unknown article goes to /blog; an unknown word is a 404 (issue 37 point 14)', async ({ page }) => {
  expect((await page.goto('/this-article-does-not-exist'))?.status()).toBe(404);
  await page.goto('/fr/blog/this-article-does-not-exist');
  await expect(page).toHaveURL(/\/fr\/blog$/);
});

test('an unknown deep path answers a translated 404', async ({ page }) => {
  const errors = watchErrors(page);
  const response = await page.goto('/de/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText(json('de', 'common').notFound.heading);
  await page.waitForLoadState('networkidle');
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('sitemap.xml lists every page in every language and robots.txt names it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>http://localhost:8080/fr/instagram-video-downloader</loc>');
  expect(sitemap).toContain('hreflang="x-default"');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
});

for (const url of ['/', '/fr/instagram-video-downloader']) {
  test(`axe finds no serious or critical violations on ${url}`, async ({ page }) => {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, SERIOUS)).toEqual([]);
  });
}
