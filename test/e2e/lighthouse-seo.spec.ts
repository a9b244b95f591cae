/**
 * Lighthouse's SEO score stays 100 in the new languages: a right-to-left page (Arabic) and one in a script
 * without spaces between words (Thai), each a tool page with its hreflang links, canonical, title and
 * description. Only the SEO category runs (a few seconds a page); the other categories are the bench's.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './helpers.ts';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

test('Lighthouse SEO is 100 on an Arabic and a Thai page', async () => {
  test.setTimeout(180_000);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS, logLevel: 'silent' });
  try {
    for (const page of ['/ar/instagram-video-downloader', '/th/instagram-reels-downloader']) {
      const result = await lighthouse(`http://127.0.0.1:${E2E_PORT}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo'] });
      const lhr = result!.lhr;
      const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
      expect(failed, `${page}: failed audits`).toEqual([]);
      expect(lhr.categories.seo?.score, page).toBe(1);
    }
  } finally {
    await chrome.kill();
  }
});
