/**
 * The eleven languages added in issue 24, beyond what every language gets elsewhere (site.spec.ts checks every
 * page's prerendered lang, dir, h1, title and hreflang links in all 22 languages; phone-languages.spec.ts opens each
 * language in a browser and sees no web font fetched; rtl.spec.ts plays ar and fa): the blog list of each new
 * language shows what is translated, and its tool pages link to their guides; the browser's language sends `/` to it; the sitemap names it; and the start
 * scripts carry no language table.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { homePageScripts } from '../../bench/home-scripts.ts';
import { BLOG_POSTS, ESSENTIAL_POST_SLUGS } from '../../src/shared/blog-posts.ts';
import type { Language } from '../../src/shared/language-codes.ts';
import { parseFrontMatter, blogFile } from '../../src/client/lib/blog.server.ts';
import { htmlText } from './helpers.ts';

const NEW_LANGUAGES = ['ar', 'fa', 'bn', 'id', 'ms', 'tl', 'th', 'vi', 'tr', 'pl', 'uk'] as const satisfies readonly Language[];

/** The texts of the h2 headings inside <main> of prerendered HTML. */
const mainHeadings = (html: string) => [...(/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => htmlText(m[1]!).trim());

test('the blog list of each new language shows every post it has, without the untranslated notice; English its ten', async ({ request }) => {
  const titleOf = (slug: string, lang: Language) => parseFrontMatter(readFileSync(blogFile(slug, lang), 'utf8')).data.title;
  for (const lang of NEW_LANGUAGES) {
    const response = await request.get(`/${lang}/blog`);
    expect(response.status(), lang).toBe(200);
    const html = await response.text();
    // The blog lists what is translated (spec §2): the essential post that is on the list, then the language's
    // further guides, which would otherwise be reachable only by URL; no notice.
    expect(mainHeadings(html), lang).toEqual(ESSENTIAL_POST_SLUGS.map((slug) => titleOf(slug, lang)));
    expect(html, lang).not.toMatch(/role="note"/);
  }
  const english = await (await request.get('/blog')).text();
  expect(mainHeadings(english)).toEqual(BLOG_POSTS.filter((post) => post.listed).map((post) => titleOf(post.slug, 'en')));
});

test('the reels and profile-picture tools link to their guides, in the page’s language', async ({ request }) => {
  for (const [tool, guide] of [['/instagram-reels-downloader', 'how-to-download-instagram-reels-in-hd-quality'], ['/instagram-profile-picture-downloader', 'instagram-profile-picture-downloader-guide']]) {
    for (const prefix of ['', '/ar', '/pl']) {
      const html = await (await request.get(`${prefix}${tool}`)).text();
      expect(html, `${prefix}${tool}`).toContain(`href="${prefix}/blog/${guide}"`);
    }
  }
});

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
