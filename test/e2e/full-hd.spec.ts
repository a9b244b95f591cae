/**
 * Full HD in the browser: the 2025-style reel (progressive 720p, DASH 1080p) shows a player that really decodes
 * in Chromium, offers the joined 1080p first with its translated mark, and its download is the joined MP4
 * under the spec's name: ffprobe reads one H.264 1080×1920 stream and one AAC stream, and Chromium plays it.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { FILE_NAME, resultItems, strings, submitLink, text } from './helpers.ts';

const LINK = `https://www.instagram.com/reel/${FIXTURE.dashReel}/`;

test('the reel plays, its best quality is the joined 1080p, and the saved file is that MP4', async ({ page }) => {
  const en = strings('en');
  await page.goto('/instagram-reels-downloader');
  await submitLink(page, LINK);
  const item = resultItems(page).first();

  // The inline player (the progressive 720p rendition) decodes: frames, not only a poster.
  const video = item.locator('video');
  await expect(video).toHaveCount(1);
  const size = await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const done = () => resolve({ width: el.videoWidth, height: el.videoHeight });
        if (el.readyState >= 2) return done();
        el.addEventListener('loadeddata', done, { once: true });
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), { once: true });
        el.preload = 'auto';
        el.load();
      }),
  );
  expect(size).toEqual({ width: 720, height: 1280 });

  const select = item.getByLabel(text(en, 'downloader.quality'));
  const first = select.locator('option').first();
  // The size is the manifest's estimate: (2 801 410 + 53 547) bit/s × 76.46 s ÷ 8 ≈ 27.3 MB; the 720p file states none.
  await expect(first).toHaveText(`1080×1920 · Full HD · ${text(en, 'downloader.muxed')} · ≈ 27 MB`);
  await expect(select.locator('option').nth(1)).toHaveText('720×1280 · HD');
  await expect(select).toHaveValue('1080×1920 · Full HD');

  const downloadP = page.waitForEvent('download');
  await item.getByRole('button', { name: text(en, 'downloader.download'), exact: true }).click();
  const download = await downloadP;
  expect(download.suggestedFilename()).toMatch(FILE_NAME);
  expect(download.suggestedFilename()).toMatch(/-DQfullHD108-1080p\.mp4$/);
  expect(download.url()).toMatch(/\/api\/v1\/mux\//);
  const file = (await download.path())!;
  const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]).toString()) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
  expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}${s.width ? `:${s.width}x${s.height}` : ''}`).sort()).toEqual([
    'audio:aac',
    'video:h264:1080x1920',
  ]);

  // Chromium decodes the joined file itself (streamed, no Range): 1080×1920 frames, and its whole length once every
  // fragment is in (a fragmented file's duration grows as fragments arrive).
  const joined = await page.evaluate(
    (url) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const el = document.createElement('video');
        el.muted = true;
        el.preload = 'auto';
        (window as unknown as { joined: HTMLVideoElement }).joined = el;
        el.addEventListener('loadeddata', () => resolve({ width: el.videoWidth, height: el.videoHeight }), { once: true });
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}: ${el.error?.message}`)), { once: true });
        el.src = url;
      }),
    download.url(),
  );
  expect(joined).toEqual({ width: 1080, height: 1920 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { joined: HTMLVideoElement }).joined.duration), { timeout: 15_000 }).toBeGreaterThan(1.9);
});

test('the joined quality is marked in another language too', async ({ page }) => {
  const ja = strings('ja');
  await page.goto('/ja/instagram-reels-downloader');
  await submitLink(page, LINK);
  const select = resultItems(page).first().getByLabel(text(ja, 'downloader.quality'));
  await expect(select.locator('option').first()).toHaveText(`1080×1920 · Full HD · ${text(ja, 'downloader.muxed')} · 約 27 MB`);
});
