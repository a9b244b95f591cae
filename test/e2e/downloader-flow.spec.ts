/**
 * The downloader's flows around a lookup: an expired download link fetched again, deep links and shares,
 * the Paste button, the loading state, Download More and Copy caption, and the ad slots of an instance with ADS_CLIENT.
 */
import { expect, test } from '@playwright/test';
import { adsClientInserter } from '../../src/server/http/site-ads.ts';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { expectSameBytes, FILE_NAME, fakeUpstreamRunning, linkBox, PAGE_ACCEPT, resolveDirect, resultItems, setFault, strings, submitLink, text, toast } from './helpers.ts';

const en = strings('en');

test.beforeAll(async () => {
  expect(await fakeUpstreamRunning(), 'serve.ts must run against the fake Instagram').toBe(true);
});

test('a download link that expired is fetched again once and the same item saved', async ({ page, request }) => {
  // v1Image is this test's alone: another spec's lookup of it, cached by the server, would carry links that never
  // expired (batch-table's and rtl's batches once did, and this answered 200 where it waited for 410).
  const link = `https://www.instagram.com/p/${FIXTURE.v1Image}/`;
  await setFault(FIXTURE.v1Image, 'expired');
  try {
    await page.goto('/instagram-photo-downloader');
    await submitLink(page, link);
    await expect(resultItems(page)).toHaveCount(1);
  } finally {
    await setFault(FIXTURE.v1Image, null);
  }
  const expiredHref = await resultItems(page).first().getByRole('link', { name: text(en, 'downloader.openInNewTab') }).getAttribute('href');
  expect((await request.get(`${expiredHref}?download=1`)).status()).toBe(410);

  const resolves: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/resolve')) resolves.push(r.url());
  });
  const downloadP = page.waitForEvent('download');
  await resultItems(page).first().getByRole('button', { name: text(en, 'downloader.download'), exact: true }).click();
  const download = await downloadP;
  expect(download.suggestedFilename()).toMatch(FILE_NAME);
  expect(resolves).toHaveLength(1);
  const freshHref = await resultItems(page).first().getByRole('link', { name: text(en, 'downloader.openInNewTab') }).getAttribute('href');
  expect(freshHref).not.toBe(expiredHref);
  await expectSameBytes(request, download, `${freshHref}?download=1`);
  await expect(toast(page, text(en, 'success.downloadedPhoto'))).toBeVisible();
});

test('a ?url= deep link and a shared ?text= fill the box and submit', async ({ page }) => {
  await page.goto(`/?url=${encodeURIComponent(`https://www.instagram.com/p/${FIXTURE.image}/`)}`);
  await expect(resultItems(page)).toHaveCount(1);
  await page.goto(`/?title=Look&text=${encodeURIComponent(`Watch this https://www.instagram.com/reel/${FIXTURE.reel}/?igsh=abc`)}`);
  await expect(resultItems(page)).toHaveCount(1);
  await expect(page.getByTestId('results').locator('video')).toHaveCount(1);
});

test('cobalt’s ?u= (dimden’s extension sends carousels there) fills the box and looks the link up, again after a reload and on coming back', async ({ page }) => {
  const carousel = `https://www.instagram.com/p/${FIXTURE.carousel}/`;
  await page.goto(`/?u=${encodeURIComponent(carousel)}`);
  await expect(resultItems(page)).toHaveCount(3);
  await page.reload();
  await expect(resultItems(page)).toHaveCount(3);
  await page.goto('/blog');
  await page.goBack();
  await expect(page).toHaveURL(/\?u=/);
  await expect(resultItems(page)).toHaveCount(3);
});

test('the Paste button fills the box from the clipboard, and looks a valid link up at once', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const paste = page.getByRole('button', { name: text(en, 'downloader.paste'), exact: true });
  // Not a link: it only fills the box.
  await page.evaluate(() => navigator.clipboard.writeText('just some words'));
  await paste.click();
  await expect(page.locator('form [name="url"]')).toHaveValue('just some words');
  await expect(resultItems(page)).toHaveCount(0);
  // A link: it is looked up, and the box keeps it once the results are in (issue 37 point 4).
  const link = `https://www.instagram.com/p/${FIXTURE.image}/`;
  await page.evaluate((value) => navigator.clipboard.writeText(value), link);
  await paste.click();
  await expect(resultItems(page)).toHaveCount(1);
  await expect(page.locator('form [name="url"]')).toHaveValue(link);
});

test('the box keeps the link looked up and the address holds it: two reloads (a 200, then a 304), Back and Forward show each result again', async ({ page }) => {
  const photo = `https://www.instagram.com/p/${FIXTURE.image}/`;
  const reel = `https://www.instagram.com/reel/${FIXTURE.reel}/`;
  const addressed = () => new URL(page.url()).searchParams.get('url');
  const shows = async (link: string | null, video: number) => {
    await expect.poll(addressed).toBe(link);
    await expect(linkBox(page)).toHaveValue(link ?? '');
    await expect(resultItems(page)).toHaveCount(link ? 1 : 0);
    await expect(page.getByTestId('results').locator('video')).toHaveCount(video);
  };
  // Each page load's validator: Chromium reports a revalidated page as its cached 200, so the 304 is read from the
  // request (it sent the ETag) and asked of the server again.
  const sent: Promise<string | undefined>[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') sent.push(request.allHeaders().then((headers) => headers['if-none-match']));
  });
  await page.goto('/');
  await submitLink(page, photo);
  await shows(photo, 0);
  // The page as the browser keeps it: first fetched whole, then revalidated (304); both show the result again.
  await page.reload();
  await shows(photo, 0);
  await page.reload();
  await shows(photo, 0);
  const validators = await Promise.all(sent);
  expect(validators.slice(0, 2)).toEqual([undefined, undefined]);
  expect(validators[2]).toBeTruthy();
  expect((await page.request.get(page.url(), { headers: { accept: PAGE_ACCEPT, 'if-none-match': validators[2]! } })).status()).toBe(304);
  await submitLink(page, reel);
  await shows(reel, 1);
  await page.goBack();
  await shows(photo, 0);
  await page.goForward();
  await shows(reel, 1);
  await page.goBack();
  await page.goBack();
  await shows(null, 0);
  // On the story page a mistyped username stays in the box, to be corrected (and in the address).
  await page.goto('/instagram-story-download');
  await submitLink(page, 'manchesterunitd');
  await expect.poll(addressed).toBe('manchesterunitd');
  await expect(linkBox(page)).toHaveValue('manchesterunitd');
});

test('while loading the button is disabled with a spinner, and Download More reloads the page', async ({ page }) => {
  const slow = 'E2Eslow0001';
  await setFault(slow, { delayMs: 800 });
  try {
    await page.goto('/instagram-photo-downloader');
    await submitLink(page, `https://www.instagram.com/p/${slow}/`);
    const button = page.locator('form button[type="submit"]');
    await expect(button).toBeDisabled();
    await expect(button).toHaveText(text(en, 'downloader.loading'));
    // Screen readers hear that the lookup is running, not only the result: a live region says so.
    await expect(toast(page, text(en, 'downloader.loading'))).toHaveCount(1);
    await expect(button).toBeEnabled({ timeout: 15_000 });
    await expect(toast(page, text(en, 'downloader.loading'))).toHaveCount(0);
    await expect(button).toHaveText(text(en, 'downloader.search'));
  } finally {
    await setFault(slow, null);
  }
  await submitLink(page, `https://www.instagram.com/p/${FIXTURE.image}/`);
  await expect(resultItems(page)).toHaveCount(1);
  await page.getByRole('link', { name: text(en, 'downloader.downloadMore') }).click();
  await page.waitForURL('**/instagram-photo-downloader');
  await expect(page.getByTestId('results')).toHaveCount(0);
});

test('Copy caption puts the caption on the clipboard and says so, the caption is shown; no ad markup without ADS_CLIENT', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = `https://www.instagram.com/p/${FIXTURE.v1Reel}/`;
  const expected = await resolveDirect(request, link);
  expect(expected.caption).toBeTruthy();
  await page.goto('/');
  await submitLink(page, link);
  await page.getByRole('button', { name: text(en, 'downloader.copyCaption') }).click();
  await expect(toast(page, text(en, 'downloader.captionCopied'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.caption);
  // And shown under the author (issue 37 point 15), whole after Show more when it is long.
  const caption = page.getByTestId('caption');
  const more = caption.getByRole('button', { name: text(en, 'downloader.captionMore') });
  if (await more.count()) await more.click();
  await expect(caption.locator('p')).toHaveText(expected.caption!.trim());
  await expect(page.locator('ins.adsbygoogle, aside[aria-label="Advertisement"]')).toHaveCount(0);
});

test('with ADS_CLIENT the ad slots appear after hydration, from the tag the server writes, through navigation and reload', async ({ page }) => {
  // This server runs without ADS_CLIENT, so each page it serves gets the tag from the server's own inserter, as the
  // copy made at start has it (site-ads.test.ts: that copy is what an instance with ADS_CLIENT serves).
  const client = 'ca-pub-1234567890123456';
  const insert = adsClientInserter(client);
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({ status: response.status(), headers, body: insert(await response.text()) });
  });
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) hydrationErrors.push(message.text());
  });
  const topSlot = page.locator(`ins.adsbygoogle[data-ad-client="${client}"][data-ad-slot$="-top"]`);
  await page.goto('/instagram-reels-downloader');
  await expect(topSlot).toHaveCount(1);
  await expect(page.locator('#gramsave-ads-script')).toHaveAttribute('src', new RegExp(`client=${client}$`));
  await page.getByRole('navigation', { name: text(en, 'header.tools') }).getByRole('link').first().click();
  await expect(page).not.toHaveURL(/reels/);
  await expect(topSlot).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/instagram-reels-downloader/);
  await expect(topSlot).toHaveCount(1);
  await page.reload();
  await expect(topSlot).toHaveCount(1);
  expect(hydrationErrors).toEqual([]);
});

test('a link typed before the page’s code ran is kept, and Download looks it up (a slow phone)', async ({ page }) => {
  // The start script is held back until the link is in the box, so the page hydrates around a box already filled.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/instagram-reels-downloader', { waitUntil: 'domcontentloaded' });
  const link = `https://www.instagram.com/reel/${FIXTURE.reel}/`;
  await page.locator('form [name="url"]').fill(link);
  release();
  // Started: the Paste button comes after hydration, and the box still holds the link.
  await expect(page.getByRole('button', { name: text(en, 'downloader.paste'), exact: true })).toBeVisible();
  await expect(page.locator('form [name="url"]')).toHaveValue(link);
  await page.locator('form button[type="submit"]').click();
  await expect(resultItems(page)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
