/**
 * Every prerendered page, in every language, revalidates into exactly what its 200 said: the 304 for its ETag
 * carries the page's own CSP, Cache-Control, ETag and Vary (a 304 with the API's CSP once left every second
 * visit unstyled). A hashed asset is checked the same way; the sitemap and robots.txt are made per request
 * without a validator, so they never answer 304 (checked too).
 */
import { expect, test } from '@playwright/test';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { allPagePaths, localizePath } from '../../src/shared/routes.ts';

const SAME = ['content-security-policy', 'cache-control', 'etag', 'vary'];

test('each page’s 304 carries the headers of its 200', async ({ request }) => {
  const paths = [...LANGUAGE_CODES.flatMap((lang) => allPagePaths().map((p) => localizePath(lang, p))), '/sitemap.xml', '/robots.txt'];
  expect(paths.length).toBeGreaterThan(100);
  const home = await (await request.get('/')).text();
  const asset = /\/assets\/[^"']+\.js/.exec(home)?.[0];
  expect(asset, 'a hashed script on the home page').toBeDefined();
  for (const path of [...paths, asset!]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    const etag = first.headers()['etag'];
    if (path === '/sitemap.xml' || path === '/robots.txt') {
      expect(etag, `${path} has no validator`).toBeUndefined();
      expect((await request.get(path, { headers: { 'if-modified-since': new Date().toUTCString() } })).status()).toBe(200);
      continue;
    }
    expect(etag, `${path} has an ETag`).toBeDefined();
    const again = await request.get(path, { headers: { 'if-none-match': etag! } });
    expect(again.status(), path).toBe(304);
    for (const name of SAME) expect(again.headers()[name], `${path}: ${name}`).toBe(first.headers()[name]);
  }
});
