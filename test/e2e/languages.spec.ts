/**
 * The eleven languages added in issue 24, sampled rather than looped over every route (site.spec.ts walks every
 * route in en and es; revalidate.spec.ts fetches every page in every language): each new language's home, a tool
 * page, the blog list and an essential post render their own h1, title, lang, dir and all 23 hreflang links; the
 * browser's language sends `/` to it; the sitemap names it; no web font is fetched; and the start scripts carry
 * no language table.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { homePageScripts } from '../../bench/home-scripts.ts';
import { ESSENTIAL_POST_SLUGS } from '../../src/shared/blog-posts.ts';
import { LANGUAGE_CODES, textDirection, type Language } from '../../src/shared/language-codes.ts';
import { parseFrontMatter, blogFile } from '../../src/client/lib/blog.server.ts';
import { localePath } from '../../src/client/lib/content.server.ts';

const NEW_LANGUAGES = ['ar', 'fa', 'bn', 'id', 'ms', 'tl', 'th', 'vi', 'tr', 'pl', 'uk'] as const satisfies readonly Language[];
const json = (lang: Language, ns: 'common' | 'home' | 'tools') => JSON.parse(readFileSync(localePath(lang, ns), 'utf8'));

for (const lang of NEW_LANGUAGES) {
  test(`${lang}: home, a tool page, the blog and an essential post are prerendered in ${lang}`, async ({ page }) => {
    const common = json(lang, 'common');
    const [slug] = ESSENTIAL_POST_SLUGS;
    const post = parseFrontMatter(readFileSync(blogFile(slug!, lang), 'utf8')).data;
    const pages = [
      { url: `/${lang}`, h1: json(lang, 'home').heading, title: common.pages.home.title },
      { url: `/${lang}/instagram-reels-downloader`, h1: json(lang, 'tools').reels.headline, title: common.pages.reels.title },
      { url: `/${lang}/blog`, h1: common.blog.title, title: common.pages.blog.title },
      { url: `/${lang}/blog/${slug}`, h1: post.title, title: `${post.title} | Gramsave` },
    ];
    const fonts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'font' && fonts.push(r.url()));
    for (const expected of pages) {
      const response = await page.goto(expected.url);
      expect(response?.status(), expected.url).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', textDirection(lang));
      await expect(page.locator('h1')).toHaveText(expected.h1);
      await expect(page).toHaveTitle(expected.title);
      const hreflangs = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
      expect(hreflangs).toEqual([...LANGUAGE_CODES, 'x-default']);
    }
    // The blog lists what is translated (spec §2): the essential post that is on the list, without the notice.
    await page.goto(`/${lang}/blog`);
    await expect(page.locator('main h2')).toHaveText([post.title!]);
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(fonts, 'web fonts fetched').toEqual([]);
  });
}

for (const [locale, lang] of [['id-ID', 'id'], ['tr-TR', 'tr'], ['ar-EG', 'ar'], ['fil-PH', 'tl']] as const) {
  test.describe(`a browser set to ${locale}`, () => {
    test.use({ locale });
    test(`is sent from / to /${lang}`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`/${lang}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });
  });
}

test('the sitemap lists every page in every new language with all 23 alternates', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const lang of NEW_LANGUAGES) {
    expect(sitemap).toContain(`<loc>http://localhost:8080/${lang}</loc>`);
    expect(sitemap).toContain(`<loc>http://localhost:8080/${lang}/blog/instagram-profile-picture-downloader-guide</loc>`);
  }
  const first = sitemap.split('</url>')[0]!;
  expect(first.match(/hreflang="/g)).toHaveLength(23);
  expect(first).toContain('hreflang="tl" href="http://localhost:8080/tl"');
});

test('the start scripts of the home page carry no language names, locales or detection aliases', () => {
  const scripts = homePageScripts('build/client').map((file) => readFileSync(file, 'utf8')).join('\n');
  expect(scripts.length).toBeGreaterThan(1000);
  for (const marker of ['Bahasa Melayu', 'Українська', 'ไทย', 'tl_PH', 'fil:']) expect(scripts, marker).not.toContain(marker);
});
