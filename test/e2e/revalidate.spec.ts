/**
 * What revalidates, and what does not: a hashed asset's 304 carries the headers of its 200 (every page's 304 is
 * checked in every language by site.spec.ts, in its walk over every page); the sitemap and robots.txt are made per
 * request without a validator, so they never answer 304.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectRevalidates, PAGE_ACCEPT } from './helpers.ts';

async function expectSameHeaders(request: APIRequestContext, path: string): Promise<void> {
  const first = await request.get(path);
  expect(first.status(), path).toBe(200);
  if (path === '/sitemap.xml' || path === '/robots.txt') {
    expect(first.headers()['etag'], `${path} has no validator`).toBeUndefined();
    expect((await request.get(path, { headers: { 'if-modified-since': new Date().toUTCString() } })).status()).toBe(200);
    return;
  }
  await expectRevalidates(request, path, first);
}

test('a hashed asset revalidates into the headers of its 200; the sitemap and robots.txt have no validator', async ({ request }) => {
  const home = await (await request.get('/', { headers: { accept: PAGE_ACCEPT } })).text();
  const asset = /\/assets\/[^"']+\.js/.exec(home)?.[0];
  expect(asset, 'a hashed script on the home page').toBeDefined();
  for (const path of [asset!, '/sitemap.xml', '/robots.txt']) await expectSameHeaders(request, path);
});
