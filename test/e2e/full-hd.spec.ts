/**
 * Full HD in the browser: the 2025-style reel (progressive 720p, DASH 1080p) shows a player that really decodes
 * in Chromium, offers the joined 1080p first, the only one called best, every quality with its size, and its
 * download is the joined MP4 under a name of author, post code and quality: ffprobe reads one H.264 1080×1920 stream and one AAC stream, and Chromium plays it.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
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

  // Plain words (issue 37 point 5): the best file is the joined Full HD, its size an estimate; the other sizes, folded
  // under "More sizes", are HD, Small and the sound alone: no pixel sizes, no "joined", the same name never twice.
  const best = item.getByTestId('best-choice');
  await expect(best).toHaveText(new RegExp(`^${text(en, 'downloader.qualityFullHd', { lines: 1080 })} · ≈ \\d+(\\.\\d+)? (kB|MB) · ${text(en, 'downloader.sizeApproximate')}$`));
  await item.getByText(text(en, 'downloader.moreSizes')).click();
  const labels = await item.getByTestId('more-sizes').getByRole('button').allTextContents();
  expect(labels[0]).toMatch(new RegExp(`^${text(en, 'downloader.qualityHd', { lines: 720 })} · \\d+(\\.\\d+)? (kB|MB)$`));
  expect(labels.at(-1)).toBe(text(en, 'downloader.soundOnly'));
  for (const label of labels.slice(1, -1)) expect(label).toMatch(new RegExp(`^${text(en, 'downloader.qualitySmall', { lines: 0 }).replace('0p', '\\d+p')} · (≈ )?\\d+(\\.\\d+)? (kB|MB)$`));
  expect(labels.length).toBeGreaterThanOrEqual(3);
  const names = labels.map((label) => label.split(' · ')[0]);
  expect(new Set(names).size).toBe(names.length);
  for (const label of [await best.textContent(), ...labels]) expect(label).not.toMatch(/×|joined|\.mp4/);

  const downloadP = page.waitForEvent('download');
  await item.getByRole('button', { name: text(en, 'downloader.download'), exact: true }).click();
  const download = await downloadP;
  // Author, post code and quality: a second quality saved beside it never becomes "(1)".
  expect(download.suggestedFilename()).toMatch(FILE_NAME);
  expect(download.suggestedFilename()).toMatch(/^[\w.]+-DQfullHD108-1080p\.mp4$/);
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

test('the plain quality names are written in another language too', async ({ page }) => {
  const ja = strings('ja');
  await page.goto('/ja/instagram-reels-downloader');
  await submitLink(page, LINK);
  const item = resultItems(page).first();
  await expect(item.getByTestId('best-choice')).toHaveText(new RegExp(`^${text(ja, 'downloader.qualityFullHd', { lines: 1080 })} · 約 \\d+(\\.\\d+)? (KB|MB)`));
  await item.getByText(text(ja, 'downloader.moreSizes')).click();
  await expect(item.getByTestId('more-sizes').getByRole('button').last()).toHaveText(text(ja, 'downloader.soundOnly'));
  // A reel Instagram says has no sound says so on its Download, and offers no sound alone.
  await submitLink(page, `https://www.instagram.com/reel/${FIXTURE.silentReel}/`);
  const silent = resultItems(page).first();
  await expect(silent.getByTestId('best-choice')).toContainText(` · ${text(ja, 'downloader.noSound')}`);
  await expect(silent.getByText(text(ja, 'downloader.soundOnly'))).toHaveCount(0);
});

test('each quality saves under its own name, with its exact size shown before the download', async ({ page }) => {
  const en = strings('en');
  await page.goto('/instagram-reels-downloader');
  await submitLink(page, LINK);
  const item = resultItems(page).first();
  await item.getByText(text(en, 'downloader.moreSizes')).click();
  const hd = item.getByTestId('more-sizes').getByRole('button', { name: new RegExp(`^${text(en, 'downloader.qualityHd', { lines: 720 })} · `) });
  const shown = (await hd.textContent())!.split(' · ')[1];
  expect(shown).toMatch(/^\d+(\.\d+)? (kB|MB)$/);
  const downloadP = page.waitForEvent('download');
  await hd.click();
  const download = await downloadP;
  expect(download.suggestedFilename()).toMatch(/^[\w.]+-DQfullHD108-720p\.mp4$/);
  const { size } = statSync((await download.path())!);
  // What the page showed is the saved file's size, for people: whole kB below a megabyte (the fixtures are small
  // real files, "61 kB" rather than "0.061 MB"), one decimal of MB below ten.
  const mb = size / 1_000_000;
  expect(shown).toBe(size < 999_500 ? `${Math.max(1, Math.round(size / 1000))} kB` : `${mb.toFixed(mb < 9.95 ? 1 : 0)} MB`);
});
