/**
 * Every prerendered page, in every language, revalidates into exactly what its 200 said: the 304 for its ETag
 * carries the page's own CSP, Cache-Control, ETag and Vary (a 304 with the API's CSP once left every second
 * visit unstyled). A hashed asset is checked the same way; the sitemap and robots.txt are made per request
 * without a validator, so they never answer 304 (checked too).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { allPagePaths, localizePath } from '../../src/shared/routes.ts';

const SAME = ['content-security-policy', 'cache-control', 'etag', 'vary'];

async function expectSameHeaders(request: APIRequestContext, path: string): Promise<void> {
  const first = await request.get(path);
  expect(first.status(), path).toBe(200);
  const etag = first.headers()['etag'];
  if (path === '/sitemap.xml' || path === '/robots.txt') {
    expect(etag, `${path} has no validator`).toBeUndefined();
    expect((await request.get(path, { headers: { 'if-modified-since': new Date().toUTCString() } })).status()).toBe(200);
    return;
  }
  expect(etag, `${path} has an ETag`).toBeDefined();
  const again = await request.get(path, { headers: { 'if-none-match': etag! } });
  expect(again.status(), path).toBe(304);
  for (const name of SAME) expect(again.headers()[name], `${path}: ${name}`).toBe(first.headers()[name]);
}

test('each page’s 304 carries the headers of its 200', async ({ request }) => {
  test.setTimeout(180_000);
  const paths = [...LANGUAGE_CODES.flatMap((lang) => allPagePaths().map((p) => localizePath(lang, p))), '/sitemap.xml', '/robots.txt'];
  expect(paths.length).toBeGreaterThan(100);
  const home = await (await request.get('/')).text();
  const asset = /\/assets\/[^"']+\.js/.exec(home)?.[0];
  expect(asset, 'a hashed script on the home page').toBeDefined();
  // 22 languages × every page: eight at a time, so the server's concurrency is used and the test stays short.
  const all = [...paths, asset!];
  for (let i = 0; i < all.length; i += 8) await Promise.all(all.slice(i, i + 8).map((path) => expectSameHeaders(request, path)));
});
