/**
 * Issue 37 point 8: the profile view as a viewer, on a 390×844 phone in one page. The stories' and highlights' rows
 * come first and compact (the highlights in the first screen of the view); a tap on a story item opens the viewer
 * (its code loaded then, not with the page): the photo shown, Next, the arrow keys, a video playing, Tab kept inside,
 * Download saved byte for byte, Esc back to the tile; a highlight item and a post open it too, a carousel post file by
 * file (each file's place in the post, its own Download); the bio and counts,
 * each post's date and its caption shortened until "Show more". Then the view's own
 * address: a reload, Back and Forward, and the address opened in a fresh page show the view again.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProfileView, StoryItem } from '../../src/shared/profile-api.ts';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { captionPreview } from '../../src/client/lib/caption-preview.ts';
import { PROFILE_FIXTURE } from '../fake-instagram/user-fixtures.ts';
import { axeViolations, SERIOUS } from './axe.ts';
import { expectNoHorizontalOverflow, expectSameBytes, fakeUpstreamRunning, resultItems, strings, submitLink, text } from './helpers.ts';

const en = strings('en');
const USER = PROFILE_FIXTURE.user;
const label = (type: 'image' | 'video', current: number, total: number) =>
  `${text(en, type === 'video' ? 'downloader.videoLabel' : 'downloader.photoLabel')} ${text(en, 'downloader.preview', { current, total })}`;
const opener = (page: Page, what: string) => page.getByRole('button', { name: text(en, 'profileView.openItem', { label: what }), exact: true });
/** The file a signed media link names (its token's `f`): two answers sign the same file with different expiries. */
const signedFile = (url: string) => (JSON.parse(Buffer.from(url.split('/').at(-1)!.split('.')[0]!, 'base64url').toString()) as { f: string }).f;
/** Did the page fetch the viewer's code yet? (Its own chunk, named after the component.) */
const viewerLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/ItemViewer[-.]/.test(entry.name)));

test('the profile view as a viewer at 390×844: rows first, a story item, a highlight item and a post in the viewer', async ({ page }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const truth = (await (await page.request.get(`/api/v1/users/${USER}`)).json()) as ProfileView;
  const stories: StoryItem[] = 'items' in truth.stories ? truth.stories.items : [];
  expect(stories.length).toBeGreaterThan(2);
  const view = page.getByTestId('profile-view');
  const viewer = page.getByRole('dialog');

  await test.step('stories and highlights come first, each one compact row', async () => {
    await page.goto('/instagram-story-download');
    await submitLink(page, `@${USER}`);
    const heading = view.getByRole('heading', { level: 2 });
    await expect(heading).toContainText(`@${USER}`);
    const tiles = view.getByRole('list', { name: text(en, 'profileView.stories') }).getByTestId('profile-item');
    await expect(tiles).toHaveCount(stories.length);
    const tops = await tiles.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'the stories in one row').toBe(1);
    // The bio and counts web_profile_info states (the fake's, fixtures.ts ProfileFixture.about).
    const about = view.getByTestId('profile-about');
    await expect(about).toContainText(PROFILE_FIXTURE.about.biography.split('\n')[0]!);
    for (const [count, key] of [[30, 'posts'], [65_432_100, 'followers'], [12, 'following']] as const) {
      await expect(about.locator('div').filter({ hasText: text(en, `profileView.${key}`) })).toHaveText(`${text(en, `profileView.${key}`)}${count.toLocaleString('en')}`);
    }
    const albums = view.getByRole('list', { name: text(en, 'profileView.highlights') });
    const start = (await heading.boundingBox())!.y;
    const end = (await albums.boundingBox())!;
    expect(end.y + end.height - start, 'the highlights end within the first screen of the view').toBeLessThanOrEqual(844);
    await expectNoHorizontalOverflow(page);
  });

  await test.step("a story item opens the viewer (its code loaded only now): the photo, Next, the arrow keys, Tab kept inside", async () => {
    expect(await viewerLoaded(page), 'the viewer came with the page').toBe(false);
    const first = opener(page, label(stories[0]!.type, 1, stories.length));
    await first.click();
    await expect(viewer).toBeVisible();
    await expect(viewer).toHaveAccessibleName(new RegExp(`\\(${text(en, 'downloader.preview', { current: 1, total: stories.length })}\\)`));
    expect(await viewerLoaded(page)).toBe(true);
    await expect(viewer.getByRole('button', { name: text(en, 'a11y.close') })).toBeFocused();
    if (stories[0]!.type === 'image') await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await viewer.getByRole('button', { name: text(en, 'profileView.next') }).click();
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 2, total: stories.length })));
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 3, total: stories.length })));
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 2, total: stories.length })));
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement)), `Tab ${i + 1} stays in the viewer`).toBe(true);
    }
    expect(await axeViolations(page, SERIOUS)).toEqual([]);
    await expectNoHorizontalOverflow(page);
  });

  await test.step('a video item plays; its Download saves the file byte for byte; Esc gives the focus back to the tile', async () => {
    const at = stories.findIndex((item) => item.type === 'video');
    expect(at, 'the fixture reel holds a video').toBeGreaterThanOrEqual(0);
    // From the second item (where the last step left the viewer) to the video, by the buttons.
    const name = at > 1 ? 'profileView.next' : 'profileView.previous';
    for (let step = 0; step < Math.abs(at - 1); step++) await viewer.getByRole('button', { name: text(en, name) }).click();
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: at + 1, total: stories.length })));
    const video = viewer.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    const downloading = page.waitForEvent('download');
    await viewer.getByRole('link', { name: text(en, 'downloader.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(stories[at]!.filename);
    await expectSameBytes(page.request, download, stories[at]!.downloadUrl);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(opener(page, label(stories[0]!.type, 1, stories.length))).toBeFocused();
  });

  await test.step("a highlight item and a post open the viewer; its close button gives the focus back", async () => {
    const [album] = PROFILE_FIXTURE.highlights;
    await view.getByRole('button', { name: text(en, 'profileView.openAlbum', { title: album.title, count: 3 }) }).click();
    const items = view.getByRole('list', { name: album.title }).getByTestId('profile-item');
    await expect(items).toHaveCount(3);
    await items.nth(1).getByRole('button').first().click();
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 2, total: 3 })));
    await viewer.getByRole('button', { name: text(en, 'a11y.close') }).click();
    await expect(viewer).toHaveCount(0);
    await expect(items.nth(1).getByRole('button').first()).toBeFocused();

    // The third post is a reel: it plays.
    const posts = view.getByTestId('profile-post');
    await posts.nth(2).getByRole('button').first().click();
    await expect.poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 3, total: PROFILE_FIXTURE.pageSize })));
    await page.keyboard.press('Escape');
    await expect(posts.nth(2).getByRole('button').first()).toBeFocused();
  });

  await test.step("a carousel post shows each of its files: Next and Previous step through them before the next post; Download saves the file shown", async () => {
    const carousel = 'items' in truth.posts ? truth.posts.items[1]! : undefined;
    expect(carousel?.type).toBe('carousel');
    const files = carousel!.files!;
    expect(files.map((file) => file.type), 'the fixture carousel (v1_media_carousel_mixed)').toEqual(['image', 'video', 'video', 'video']);
    const posts = view.getByTestId('profile-post');
    const part = viewer.getByTestId('viewer-part');
    const post = (current: number) => new RegExp(`^${text(en, 'profileView.carousel')} · ${carousel!.code} \\(${text(en, 'downloader.preview', { current, total: PROFILE_FIXTURE.pageSize })}\\)$`);
    const next = viewer.getByRole('button', { name: text(en, 'profileView.next') });
    const previous = viewer.getByRole('button', { name: text(en, 'profileView.previous') });
    await posts.nth(1).getByRole('button').first().click();
    await expect(viewer).toHaveAccessibleName(post(2));
    // The file's place in the post, said to a screen reader as it changes.
    await expect(part).toHaveText(label('image', 1, 4));
    await expect(viewer.locator('[aria-live="polite"]')).toHaveText(label('image', 1, 4));
    await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await next.click();
    await expect(part).toHaveText(label('video', 2, 4));
    await expect(viewer).toHaveAccessibleName(post(2));
    await expect(viewer.locator('video')).toHaveAccessibleName(`${text(en, 'profileView.carousel')} · ${carousel!.code}, ${label('video', 2, 4)}`);
    expect(await axeViolations(page, SERIOUS)).toEqual([]);
    // The second file's own link (signed per answer, so compared by the file it names).
    await expect.poll(async () => signedFile((await viewer.locator('video').getAttribute('src'))!)).toBe(signedFile(files[1]!.url));
    const downloading = page.waitForEvent('download');
    await viewer.getByRole('link', { name: text(en, 'downloader.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(files[1]!.filename);
    await expectSameBytes(page.request, download, files[1]!.downloadUrl);
    await page.keyboard.press('ArrowRight');
    await next.click();
    await expect(part).toHaveText(label('video', 4, 4));
    // Past the last file, the next post (a reel: one file, no place in a post to say).
    await next.click();
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 3, total: PROFILE_FIXTURE.pageSize })));
    await expect(part).toHaveCount(0);
    // Back: the carousel's last file, then back through its files to the first, where Previous leads to the post before.
    await previous.click();
    await expect(part).toHaveText(label('video', 4, 4));
    await page.keyboard.press('ArrowLeft');
    await expect(part).toHaveText(label('video', 3, 4));
    await previous.click();
    await previous.click();
    await expect(part).toHaveText(label('image', 1, 4));
    await expect(viewer).toHaveAccessibleName(post(2));
    await previous.click();
    await expect(viewer).toHaveAccessibleName(new RegExp(text(en, 'downloader.preview', { current: 1, total: PROFILE_FIXTURE.pageSize })));
    await page.keyboard.press('Escape');
    await expect(posts.nth(1).getByRole('button').first()).toBeFocused();
  });

  await test.step("each post's date and caption, shortened until Show more", async () => {
    const post = 'items' in truth.posts ? truth.posts.items[0]! : undefined;
    const tile = view.getByTestId('profile-post').first();
    await expect(tile.locator('time')).toHaveAttribute('datetime', post!.takenAt!);
    const caption = tile.getByTestId('caption').locator('p');
    const { short, cut } = captionPreview(post!.caption!, 60);
    expect(cut, 'the fixture’s first caption is longer than a tile shows').toBe(true);
    await expect(caption).toHaveText(short);
    await tile.getByRole('button', { name: text(en, 'downloader.captionMore') }).click();
    await expect(caption).toHaveText(post!.caption!.trim());
    await expect(tile.getByRole('button', { name: text(en, 'downloader.captionLess') })).toHaveAttribute('aria-expanded', 'true');
  });
});

test("the profile view's address: a reload, Back and Forward, and a fresh page show it again", async ({ page, context }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  const heading = page.getByTestId('profile-view').getByRole('heading', { level: 2 });
  await page.goto('/instagram-story-download');
  await submitLink(page, `@${USER}`);
  await expect(heading).toContainText(`@${USER}`);
  const address = page.url();
  expect(new URL(address).searchParams.get('url')).toBe(USER);

  await page.reload();
  await expect(heading).toContainText(`@${USER}`);

  // Another lookup, then Back to the view and Forward to the lookup.
  await submitLink(page, `https://www.instagram.com/stories/${FIXTURE.storyUser}/`);
  await expect(resultItems(page).first()).toBeVisible();
  await expect(page.getByTestId('profile-view')).toHaveCount(0);
  await page.goBack();
  await expect(heading).toContainText(`@${USER}`);
  await page.goForward();
  await expect(resultItems(page).first()).toBeVisible();
  await expect(page.getByTestId('profile-view')).toHaveCount(0);

  const fresh = await context.newPage();
  await fresh.goto(address);
  await expect(fresh.getByTestId('profile-view').getByRole('heading', { level: 2 })).toContainText(`@${USER}`);

  // The other tool that shows the view: a name typed into the video tool leads to the profile tool's own address.
  await fresh.goto('/instagram-video-downloader');
  await submitLink(fresh, `@${USER}`);
  await expect(fresh).toHaveURL(new RegExp(`/instagram-profile-picture-downloader\\?url=${USER}$`));
  await expect(fresh.getByTestId('profile-view')).toBeVisible({ timeout: 20_000 });
  await fresh.reload();
  await expect(fresh.getByTestId('profile-view')).toBeVisible({ timeout: 20_000 });
  await fresh.goBack();
  await expect(fresh).toHaveURL(/\/instagram-video-downloader$/);
});
