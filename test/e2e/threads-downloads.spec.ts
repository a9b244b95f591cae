/**
 * Threads in the browser (issue 40): on /threads-downloader a Threads photo, video, carousel and GIF are looked up
 * and saved, and each saved file is the fake's own file byte for byte (fetched straight from the fake CDN, not
 * through our proxy). Then the other boxes take a Threads link too: the home page's, a tool page's that also takes
 * usernames, and a pasted list (the batch). One visitor, one page, a step each.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { localePath } from '../../src/client/lib/content.server.ts';
import { THREADS_FIXTURE } from '../fake-instagram/threads/threads-fixtures.ts';
import { fakeUpstreamRunning, linkBox, pasteInto, readZip, resolveDirect, resultItems, saveThrough, strings, submitLink, text, tokenPayload } from './helpers.ts';

const en = strings('en');
const thread = (code: string) => `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${code}`;

test.beforeAll(async () => {
  expect(await fakeUpstreamRunning(), 'serve.ts must run against the fake Instagram and Threads').toBe(true);
});

/** The file the fake CDN serves at a media token's upstream address, asked for directly. */
async function fakeFile(upstream: string | undefined): Promise<Buffer> {
  expect(upstream, 'the token names a CDN file').toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const response = await fetch(upstream!);
  expect(response.status, upstream).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function expectFakesBytes(download: Download, upstream: string | undefined): Promise<void> {
  const saved = await readFile((await download.path())!);
  const original = await fakeFile(upstream);
  expect(saved.length).toBeGreaterThan(0);
  expect(saved.equals(original), `saved ${saved.length} bytes, the fake serves ${original.length}`).toBe(true);
}

async function saveItem(page: Page, index: number): Promise<{ download: Download; upstream: string | undefined }> {
  const item = resultItems(page).nth(index);
  const { download, fetched } = await saveThrough(page, () => item.getByRole('button', { name: text(en, 'downloader.download'), exact: true }).click());
  return { download, upstream: tokenPayload(fetched).u };
}

test('a Threads photo, video, carousel and GIF are saved from /threads-downloader as the fake serves them; every box takes Threads links', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/threads-downloader');
  await expect(page.locator('h1')).toHaveText(JSON.parse(readFileSync(localePath('en', 'tools'), 'utf8')).threads.headline);
  await expect(linkBox(page)).toHaveAttribute('placeholder', text(en, 'downloader.threadsPlaceholder'));

  for (const [name, code, type, extension] of [
    ['photo', THREADS_FIXTURE.photo, 'image', 'jpg'],
    ['video', THREADS_FIXTURE.video, 'video', 'mp4'],
    // A GIF is a silent MP4 (Meta's proxied copy here), saved like a video.
    ['GIF', THREADS_FIXTURE.gif, 'video', 'mp4'],
  ] as const) {
    await test.step(name, async () => {
      const expected = await resolveDirect(request, thread(code), 'threads');
      expect(expected.service).toBe('threads');
      await submitLink(page, thread(code));
      await expect(resultItems(page)).toHaveCount(1);
      await expect(page.getByTestId('results').locator(type === 'video' ? 'video' : 'li img')).toHaveCount(1);
      const { download, upstream } = await saveItem(page, 0);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${THREADS_FIXTURE.user}-${code}-.+\\.${extension}$`));
      expect(upstream).toBe(tokenPayload(expected.items[0]!.downloadUrl).u);
      await expectFakesBytes(download, upstream);
    });
  }

  await test.step('carousel: one item, then the ZIP of every item', async () => {
    const expected = await resolveDirect(request, thread(THREADS_FIXTURE.carousel), 'threads');
    expect(expected.items.length).toBeGreaterThan(1);
    await submitLink(page, thread(THREADS_FIXTURE.carousel));
    await expect(resultItems(page)).toHaveCount(expected.items.length);
    const { download, upstream } = await saveItem(page, 1);
    await expectFakesBytes(download, upstream);

    const zipP = page.waitForEvent('download');
    await page.getByRole('link', { name: text(en, 'downloader.downloadAll') }).click();
    const zip = await zipP;
    const entries = readZip(await readFile((await zip.path())!));
    const upstreams = tokenPayload(zip.url()).i!.map((entry) => entry.u);
    expect(entries).toHaveLength(expected.items.length);
    for (const [index, entry] of entries.entries()) {
      expect(entry.data.equals(await fakeFile(upstreams[index])), `zip entry ${entry.name}`).toBe(true);
    }
  });

  await test.step('the home page’s box and a username-taking tool page’s box take a Threads link', async () => {
    await page.goto('/');
    await submitLink(page, thread(THREADS_FIXTURE.photo));
    await expect(resultItems(page)).toHaveCount(1);
    await page.goto('/instagram-story-download');
    await submitLink(page, `https://www.threads.net/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.video}?xmt=AQGz`);
    await expect(resultItems(page)).toHaveCount(1);
  });

  await test.step('a pasted list of Threads links becomes a batch with every row ready', async () => {
    await page.goto('/');
    await pasteInto(page, `${thread(THREADS_FIXTURE.photo)}\nhttps://www.threads.com/t/${THREADS_FIXTURE.video}`);
    await page.locator('form button[type="submit"]').click();
    const rows = page.getByTestId('batch').getByTestId('batch-row');
    await expect(rows).toHaveCount(2);
    for (const index of [0, 1]) await expect(rows.nth(index)).toHaveAttribute('data-status', 'ready');
  });
});
