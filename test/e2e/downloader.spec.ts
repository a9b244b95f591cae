/**
 * The downloader end to end: the production build served by the real server, Instagram replaced by the
 * fake upstream (test/e2e/serve.ts). Each tool page resolves a sample link, shows its items and saves
 * files whose bytes match the API's; a carousel ZIP holds every item; the story page shows its debug log.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { expectSameBytes, FILE_NAME, fakeUpstreamRunning, readZip, resolveDirect, resultItems, saveThrough, strings, submitLink, text, toast, tokenPayload } from './helpers.ts';

const en = strings('en');

test.beforeAll(async () => {
  expect(await fakeUpstreamRunning(), 'serve.ts must run against the fake Instagram').toBe(true);
});

const TOOL_CASES = [
  { tool: 'video', path: '/instagram-video-downloader', link: `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`, item: 1, saved: 'video', done: 'success.downloadedVideo' },
  { tool: 'photo', path: '/instagram-photo-downloader', link: `https://www.instagram.com/p/${FIXTURE.image}/`, item: 0, saved: 'photo', done: 'success.downloadedPhoto' },
  { tool: 'story', path: '/instagram-story-download', link: `  https://www.instagram.com/stories/${FIXTURE.storyUser}/  `, item: 4, saved: 'video', done: 'success.downloadedVideo' },
  { tool: 'reels', path: '/instagram-reels-downloader', link: `https://www.instagram.com/reel/${FIXTURE.reel}/`, item: 0, saved: 'reel', done: 'success.downloadedReel' },
  { tool: 'igtv', path: '/igtv-downloader', link: `https://www.instagram.com/tv/${FIXTURE.igtv}/`, item: 0, saved: 'video', done: 'success.downloadedVideo' },
  { tool: 'profile', path: '/instagram-profile-picture-downloader', link: FIXTURE.profile, item: 0, saved: 'photo', done: 'success.downloadedPhoto' },
] as const;

for (const c of TOOL_CASES) {
  test(`${c.tool} page: resolves a sample link, shows its items and saves one with the API's bytes`, async ({ page, request }) => {
    const expected = await resolveDirect(request, c.link.trim(), c.tool);
    await page.goto(c.path);
    await submitLink(page, c.link);

    const items = resultItems(page);
    await expect(items).toHaveCount(expected.items.length);
    // The input keeps what was typed (issue 37 point 4), and the page's own success toast shows. Checked first: a
    // toast lasts seconds, and waiting on every picture below could outlast it on a loaded machine.
    await expect(page.locator('form [name="url"]')).toHaveValue(c.link);
    // The toast says what was found (lib/ready-message.ts), whichever page it was found on.
    const ready = expected.items.length > 1 ? text(en, 'success.found_other', { count: expected.items.length }) : text(en, `success.ready${c.tool[0]!.toUpperCase()}${c.tool.slice(1)}`);
    await expect(toast(page, ready)).toBeVisible();
    const videos = expected.items.filter((i) => i.type === 'video').length;
    await expect(page.getByTestId('results').locator('video')).toHaveCount(videos);
    await expect(page.getByTestId('results').locator('li img')).toHaveCount(expected.items.length - videos);
    // Pictures come through our proxy and really display (the fake CDN serves real JPEG data).
    for (const img of await page.getByTestId('results').locator('li img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    }
    for (const video of await page.getByTestId('results').locator('video').all()) {
      await expect(video).toHaveAttribute('controls', '');
      await expect(video).toHaveAttribute('src', /^\/api\/v1\/media\//);
      await expect(video).toHaveAttribute('poster', /^\/api\/v1\/media\//);
    }
    // Every video says its resolution in plain words under its Download (issue 33; issue 37 point 5).
    for (const [index, media] of expected.items.entries()) {
      if (media.type !== 'video' || !media.width || !media.height) continue;
      await expect(items.nth(index).getByTestId('best-choice')).toHaveText(new RegExp(`^(Full HD|HD|Small) ${Math.min(media.width, media.height)}p`));
    }
    await expect(page.getByTestId('author-name')).toHaveText(expected.author.fullName ?? expected.author.username);
    if (expected.items.length > 1) await expect(items.first().getByTestId('item-position')).toHaveText(`1 of ${expected.items.length}`);

    const item = items.nth(c.item);
    const { download, fetched } = await saveThrough(page, () => item.getByRole('button', { name: text(en, 'downloader.download'), exact: true }).click());
    expect(download.suggestedFilename()).toMatch(FILE_NAME);
    // Author, post code (a story or highlight item: 'story' and its own time, no item number, however it was reached;
    // a profile: its kind), item number where a post has several, quality.
    const resolution = expected;
    const ownTime = resolution.kind === 'story' || resolution.kind === 'highlight';
    const code = resolution.shortcode ?? (resolution.kind === 'profile' ? 'profile' : 'story-\\d{8}-\\d{6}');
    const number = resolution.items.length > 1 && !ownTime ? `-${String(c.item + 1).padStart(String(resolution.items.length).length, '0')}` : '';
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${resolution.author.username.replace(/\./g, '\\.')}-${code}${number}-\\d{3,4}(p|x\\d{3,4})\\.(mp4|jpg)$`));
    if (c.saved === 'photo') {
      expect(download.url(), 'a small photo is saved from a blob').toMatch(/^blob:/);
    } else {
      // Videos go to the browser's download manager (progress, cancel, no page memory), the page staying put.
      expect(download.url(), 'a video is handed to the download manager').toMatch(/\/api\/v1\/media\/.*download=1$/);
      await expect(page).toHaveURL(new RegExp(`${c.path}\\?url=[^/]+$`));
    }
    // Tokens are signed per answer; the CDN file they name is what must match.
    expect(tokenPayload(fetched).u).toBe(tokenPayload(expected.items[c.item]!.downloadUrl).u);
    await expectSameBytes(request, download, fetched);
    await expect(toast(page, text(en, c.saved === 'photo' ? c.done : 'success.started'))).toBeVisible();
  });
}

test('home: a 3-item carousel spans the first item, and the ZIP holds every item', async ({ page, request }) => {
  const link = `https://www.instagram.com/p/${FIXTURE.carousel}/`;
  const expected = await resolveDirect(request, link);
  expect(expected.items.length).toBe(3);
  await page.goto('/');
  await submitLink(page, link);
  const items = resultItems(page);
  await expect(items).toHaveCount(3);
  await expect(toast(page, text(en, 'success.found_other', { count: 3 }))).toBeVisible();
  // With exactly three items the first spans both columns (desktop width).
  const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
  expect(first!.width).toBeGreaterThan(second!.width * 1.8);

  // A plain attachment link: the browser downloads it without the page fetching anything.
  const downloadP = page.waitForEvent('download');
  await page.getByRole('link', { name: text(en, 'downloader.downloadAll') }).click();
  const download = await downloadP;
  expect(tokenPayload(download.url()).i!.map((e) => e.u)).toEqual(tokenPayload(expected.zipUrl!).i!.map((e) => e.u));
  expect(download.suggestedFilename()).toMatch(/^instagram-CAanWEbg_do\.zip$/);
  const zip = readZip(await readFile((await download.path())!));
  expect(zip.map((e) => e.name)).toHaveLength(3);
  for (const [index, entry] of zip.entries()) {
    expect(entry.name).toMatch(new RegExp(`^instagram-CAanWEbg_do-${index + 1}-\\d{3,4}(p|x\\d{3,4})\\.(jpg|mp4)$`));
    const direct = await request.get(expected.items[index]!.downloadUrl);
    expect(entry.data.equals(await direct.body()), `zip entry ${entry.name}`).toBe(true);
  }
});

test('video page: other sizes, the sound only and open in new tab', async ({ page, request }) => {
  const link = `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`;
  const expected = await resolveDirect(request, link, 'video');
  await page.goto('/instagram-video-downloader');
  await submitLink(page, link);
  const second = resultItems(page).nth(1);
  const newTab = second.getByRole('link', { name: text(en, 'downloader.openInNewTab') });
  expect(tokenPayload((await newTab.getAttribute('href'))!).u).toBe(tokenPayload(expected.items[1]!.mediaUrl).u);
  await expect(newTab).toHaveAttribute('target', '_blank');

  // A lower progressive quality downloads that rendition through the proxy (a muxed one is full-hd.spec.ts's).
  const lower = expected.items[1]!.qualities!.filter((q) => !q.muxed).at(-1)!;
  await second.getByText(text(en, 'downloader.moreSizes')).click();
  const sizes = second.getByTestId('more-sizes');
  const { download, fetched } = await saveThrough(page, () => sizes.getByRole('button', { name: new RegExp(`^Small ${Math.min(lower.width, lower.height)}p`) }).click());
  expect(tokenPayload(fetched).u).toBe(tokenPayload(lower.downloadUrl).u);
  expect(tokenPayload(fetched).u).not.toBe(tokenPayload(expected.items[1]!.downloadUrl).u);
  await expectSameBytes(request, download, fetched);

  // Sound only saves the .m4a track.
  const audio = await saveThrough(page, () => sizes.getByRole('button', { name: text(en, 'downloader.soundOnly') }).click());
  expect(audio.download.suggestedFilename()).toMatch(/^[\w.]+-[\w-]+-audio\.m4a$/);
  expect(tokenPayload(audio.fetched).u).toBe(tokenPayload(expected.items[1]!.audioUrl!).u);
  await expectSameBytes(request, audio.download, audio.fetched);
  await expect(toast(page, text(en, 'success.started'))).toBeVisible();
});

test('reels page: an Original Post card and one large item', async ({ page }) => {
  await page.goto('/instagram-reels-downloader');
  await submitLink(page, `https://www.instagram.com/reel/${FIXTURE.v1Reel}/`);
  await expect(resultItems(page)).toHaveCount(1);
  await expect(page.getByTestId('results').getByText(text(en, 'downloader.originalPost'))).toBeVisible();
  await expect(page.getByTestId('author-name')).toHaveText('Real Madrid C.F.');
  const box = await resultItems(page).first().boundingBox();
  expect(box!.width).toBeGreaterThan(500);
});

test('story page: the debug log shows only with ?debug=1, after the first request, with time-stamped lines and no links', async ({ page }) => {
  // A visitor's lookup shows no developer log.
  await page.goto('/instagram-story-download');
  await submitLink(page, `https://www.instagram.com/stories/${FIXTURE.storyUser}/`);
  await expect(resultItems(page)).toHaveCount(6);
  await expect(page.getByTestId('debug-log')).toHaveCount(0);

  await page.goto('/instagram-story-download?debug=1');
  await expect(page.getByTestId('debug-log')).toHaveCount(0);
  await submitLink(page, `https://www.instagram.com/stories/${FIXTURE.storyUser}/`);
  await expect(resultItems(page)).toHaveCount(6);
  const log = page.getByTestId('debug-log');
  await expect(log).toBeVisible();
  await log.getByText(text(en, 'downloader.debugLog')).click();
  const lines = await log.getByRole('listitem').allInnerTexts();
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const line of lines) expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] /);
  expect(lines.join('\n')).toContain('6 item(s)');
  expect(lines.join('\n')).not.toMatch(/https?:|\/api\/v1|sessionid|cdninstagram/);

  // A second lookup clears the log first.
  await submitLink(page, `https://www.instagram.com/stories/highlights/${FIXTURE.highlightId}/`);
  await expect(resultItems(page)).toHaveCount(3);
  await expect(log.getByRole('listitem')).toHaveCount(2);
});

test('profile page: by username, @username and profile link, with the pixel size', async ({ page, request }) => {
  for (const input of [FIXTURE.profile, `@${FIXTURE.storyUser}`, `https://www.instagram.com/${FIXTURE.storyUser}/`]) {
    const expected = await resolveDirect(request, input, 'profile');
    await page.goto('/instagram-profile-picture-downloader');
    await expect(page.getByRole('textbox', { name: text(en, 'downloader.profileInputLabel') })).toBeVisible();
    await expect(page.locator('form [name="url"]')).toHaveAttribute('placeholder', 'Enter Instagram Username');
    await page.locator('form [name="url"]').fill(input);
    await page.getByRole('button', { name: text(en, 'downloader.view'), exact: true }).click();
    await expect(resultItems(page)).toHaveCount(1);
    await expect(page.getByTestId('author-name')).toHaveText(expected.author.fullName ?? expected.author.username);
    await expect(page.getByTestId('pixel-size')).toHaveText(/\d+ × \d+ px/);
    await expect(toast(page, text(en, 'success.readyProfile'))).toBeVisible();
    // Download More comes after the profile view below the picture, not between them (issue 37 point 15).
    await expect(page.getByTestId('profile-view')).toBeVisible();
    const more = page.getByRole('link', { name: text(en, 'downloader.downloadMore') });
    await expect(more).toHaveCount(1);
    expect(await more.evaluate((link) => Boolean(document.querySelector('[data-testid="profile-view"]')!.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
  }
});
