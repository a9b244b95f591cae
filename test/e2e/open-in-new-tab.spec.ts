/**
 * Open in new tab, in Chromium: a media URL opened as a page of its own gets the browser's built-in viewer, which
 * must work under our Content-Security-Policy (the video decodes, the picture is scaled and centred), and the link
 * opens the best file (the one the big Download saves), not the inline rendition.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { fakeUpstreamRunning, resolveDirect, resultItems, strings, submitLink, text } from './helpers.ts';

const en = strings('en');
const DASH_REEL = `https://www.instagram.com/reel/${FIXTURE.dashReel}/`;

// Each test resolves a reel and decodes video in Chromium: on a busy 2-core machine that passes the default minute.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  expect(await fakeUpstreamRunning(), 'serve.ts must run against the fake Instagram').toBe(true);
});

/** The frame size of the video in Chromium's media viewer, once its first frame is decoded (0×0 if it never is). */
function viewerVideoSize(page: Page): Promise<{ width: number; height: number; error?: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const video = document.querySelector('video');
        if (!video) return resolve({ width: 0, height: 0, error: -1 });
        const done = () => resolve({ width: video.videoWidth, height: video.videoHeight, ...(video.error ? { error: video.error.code } : {}) });
        if (video.readyState >= 2) return done();
        video.addEventListener('loadeddata', done, { once: true });
        video.addEventListener('error', done, { once: true });
        setTimeout(done, 8_000);
      }),
  );
}

test('a video opened as a page plays in the browser’s own viewer', async ({ page, request }) => {
  const item = (await resolveDirect(request, DASH_REEL, 'reels')).items[0]!;
  const response = await page.goto(item.mediaUrl);
  expect(response!.headers()['content-type']).toBe('video/mp4');
  expect(await viewerVideoSize(page)).toEqual({ width: 720, height: 1280 });
  // The joined Full HD quality, streamed without Range, plays there too.
  const joined = item.qualities!.find((q) => q.muxed)!;
  await page.goto(joined.mediaUrl);
  expect(await viewerVideoSize(page)).toEqual({ width: joined.width, height: joined.height });
});

test('a picture opened as a page is scaled to the window and centred', async ({ page, request }) => {
  const item = (await resolveDirect(request, `https://www.instagram.com/p/${FIXTURE.image}/`, 'photo')).items[0]!;
  // A window smaller than the picture: the viewer shrinks it to fit.
  await page.setViewportSize({ width: 400, height: 300 });
  await page.goto(item.mediaUrl);
  const image = page.locator('body > img');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const layout = await image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return { natural: img.naturalWidth, width: box.width, height: box.height, left: box.left, right: innerWidth - box.right };
  });
  expect(layout.width).toBeGreaterThan(0);
  expect(layout.width).toBeLessThan(layout.natural);
  expect(layout.height).toBeLessThanOrEqual(300);
  // Centred by the viewer's own inline styles (blocked by a policy without style-src, it sits in the corner).
  expect(layout.left).toBeGreaterThan(10);
  expect(Math.abs(layout.left - layout.right)).toBeLessThanOrEqual(1);
});

test('Open in new tab opens the best file, the one the big Download saves', async ({ page, request, context }) => {
  const expected = (await resolveDirect(request, DASH_REEL, 'reels')).items[0]!;
  await page.goto('/instagram-reels-downloader');
  await submitLink(page, DASH_REEL);
  const item = resultItems(page).first();
  const open = item.getByRole('link', { name: text(en, 'downloader.openInNewTab') });
  const path = (url: string) => new URL(url, 'http://x').pathname + new URL(url, 'http://x').search;

  // The best file (the joined 1080p), inline, not the player's progressive rendition.
  await expect(open).toHaveAttribute('href', expected.qualities![0]!.mediaUrl);
  expect(expected.qualities![0]!.mediaUrl).not.toBe(expected.mediaUrl);
  const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await tab.waitForLoadState();
  expect(path(tab.url())).toBe(expected.qualities![0]!.mediaUrl);
  // It plays there (the fake CDN serves its nearest real file for each size, so the frame size is not checked).
  expect((await viewerVideoSize(tab)).width).toBeGreaterThan(0);
});

