/**
 * What revalidates, and what does not: a hashed asset's 304 carries the headers of its 200 (every page's 304 is
 * checked in every language by site.spec.ts, in its walk over every page); the sitemap and robots.txt are made per
 * request without a validator, so they never answer 304.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

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

test('a hashed asset revalidates into the headers of its 200; the sitemap and robots.txt have no validator', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const asset = /\/assets\/[^"']+\.js/.exec(home)?.[0];
  expect(asset, 'a hashed script on the home page').toBeDefined();
  for (const path of [asset!, '/sitemap.xml', '/robots.txt']) await expectSameHeaders(request, path);
});
