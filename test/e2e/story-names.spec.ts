/**
 * Issue 37, point 11: one story item, one name, whichever way it was reached. The same file was saved as
 * `…-story-<the reel's first time>-2-720p.mp4` from the reel's link, `…-highlight-…` from an album, and
 * `…-story-<its own time>-720p.mp4` from its own link or the profile view. Now every way gives the last one.
 */
import { expect, test } from '@playwright/test';
import type { ProfileView } from '../../src/shared/profile-api.ts';
import { PROFILE_FIXTURE } from '../fake-instagram/user-fixtures.ts';
import { fakeUpstreamRunning, resolveDirect, strings, submitLink, text } from './helpers.ts';

const en = strings('en');
const USER = PROFILE_FIXTURE.user;
/** The second album holds the first three items of the current stories (user-fixtures.ts). */
const TRAINING = PROFILE_FIXTURE.highlights[1];

test('a story item has one name: from its own link, the reel, an album, the profile view', async ({ page, request }) => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  const answer = await request.get(`/api/v1/users/${USER}`);
  expect(answer.status()).toBe(200);
  const view = (await answer.json()) as ProfileView;
  if (!('items' in view.stories)) throw new Error('the fixture user has current stories');
  const second = view.stories.items[1]!;
  expect(second.filename).toMatch(new RegExp(`^${USER}-story-\\d{8}-\\d{6}-`));

  const own = await resolveDirect(request, `https://www.instagram.com/stories/${USER}/${second.id}/`);
  const reel = await resolveDirect(request, `https://www.instagram.com/stories/${USER}/`);
  const album = await resolveDirect(request, `https://www.instagram.com/stories/highlights/${TRAINING.id}/`);
  expect(own.items[0]!.filename).toBe(second.filename);
  expect(reel.items[1]!.filename).toBe(second.filename);
  expect(album.items[1]!.filename).toBe(second.filename);

  await page.goto('/instagram-story-download');
  await submitLink(page, USER);
  const profile = page.getByTestId('profile-view');
  const fromStories = page.waitForEvent('download');
  await profile.getByRole('list', { name: text(en, 'profileView.stories') }).getByTestId('profile-item').nth(1).getByRole('link', { name: text(en, 'downloader.download') }).click();
  expect((await fromStories).suggestedFilename()).toBe(second.filename);

  await profile.getByRole('button', { name: text(en, 'profileView.openAlbum', { title: TRAINING.title, count: 3 }) }).click();
  const fromAlbum = page.waitForEvent('download');
  await profile.getByRole('list', { name: TRAINING.title }).getByTestId('profile-item').nth(1).getByRole('link', { name: text(en, 'downloader.download') }).click();
  expect((await fromAlbum).suggestedFilename()).toBe(second.filename);
});
