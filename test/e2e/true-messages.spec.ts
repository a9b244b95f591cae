/**
 * What the page says is true (issue 37 points 10 and 7): an unknown username has no account (not "deleted"); a
 * refused Paste on a desktop speaks of the keyboard, not a long press; the privacy policy's switch stops keeping the
 * recent lookups; `@username` typed into the video tool opens the profile, as the home hero and FAQ say.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/index.ts';
import { linkBox, started, strings, text } from './helpers.ts';

const en = strings('en');

test('an unknown name, a refused paste, the recent lookups’ switch and @username on a tool, in one visit', async ({ page }) => {
  // @username on the video tool opens the profile-picture tool with the profile's view.
  await page.goto('/instagram-video-downloader');
  await started(page);
  await linkBox(page).fill(`@${FIXTURE.storyUser}`);
  await linkBox(page).press('Enter');
  await expect(page).toHaveURL(/\/instagram-profile-picture-downloader\?url=/);
  await expect(page.getByTestId('profile-view')).toBeVisible({ timeout: 20_000 });

  // An unknown name: no such account.
  await page.goto('/instagram-profile-picture-downloader');
  await started(page);
  await linkBox(page).fill('no_such_user_zz9');
  await linkBox(page).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: text(en, 'errors.noSuchAccount') }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(text(en, 'errors.notFoundHome'))).toHaveCount(0);

  // Paste with no clipboard permission, on a desktop (a fine pointer): the keyboard, never a long press.
  await page.getByRole('button', { name: text(en, 'downloader.paste'), exact: true }).click();
  await expect(page.getByText(text(en, 'downloader.pasteUnavailableKeys', { keys: 'Ctrl+V' })).first()).toBeVisible();
  await expect(page.getByText(text(en, 'downloader.pasteUnavailable'))).toHaveCount(0);

  // The privacy policy names the recent lookups, and its switch stops keeping them.
  await page.goto('/privacy');
  const keep = page.getByRole('switch', { name: text(en, 'recent.keep') });
  await expect(keep).toBeChecked();
  await keep.uncheck();
  await page.reload();
  await expect(page.getByRole('switch', { name: text(en, 'recent.keep') })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('gramsave.recent.v1'))).toBeNull();

  // The home hero and FAQ say what a name and many links do.
  await page.goto('/');
  await expect(page.getByText(/Type @username in any box/).first()).toBeVisible();
  await expect(page.getByText('Can I open a whole profile, or paste many links at once?')).toBeAttached();
});
