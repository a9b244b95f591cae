/**
 * The installable app: the manifest's PNG icons load at their stated sizes, the service worker registers and
 * Chromium reports no installability error; the installed app starts offline from its shell while lookups
 * still go to the network (never a cached answer); a page controlled by the worker revisits styled and whole;
 * the share target's address starts the lookup at once.
 */
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { E2E_PORT, fakeUpstreamRunning, resultItems, strings, text } from './helpers.ts';

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const en = strings('en');
let context: BrowserContext;
let profile: string;

// A persistent profile: Chromium does not offer to install from an off-the-record context (a default test context).
test.beforeAll(async () => {
  profile = mkdtempSync(path.join(tmpdir(), 'gramsave-install-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    baseURL: BASE,
    serviceWorkers: 'allow',
  });
});
test.afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
});

async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test('the manifest’s icons are real PNGs at their sizes, the worker registers, and Chromium finds the app installable', async () => {
  const page = await context.newPage();
  await page.goto('/');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: { src: string; sizes: string; type: string; purpose: string }[] };
  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  expect(pngs.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of pngs) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, icon.src);
    expect(size).toBe(icon.sizes);
  }
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  await page.close();
});

test('offline, the app starts from its shell, and a lookup is never answered from a cache', async () => {
  const page = await context.newPage();
  await page.goto('/');
  await controlled(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('form [name="url"]')).toBeVisible();
    // Styled from the kept stylesheet: the submit button has the brand colour, not the browser's grey.
    await expect(page.locator('form button[type="submit"]')).toHaveCSS('background-color', 'rgb(21, 128, 61)');
    await page.locator('form [name="url"]').fill(`https://www.instagram.com/p/${FIXTURE.image}/`);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toContainText(text(en, 'errors.network'));
  } finally {
    await context.setOffline(false);
  }
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept).toContain('/');
  expect(kept.filter((u) => u.startsWith('/api/'))).toEqual([]);
  await page.close();
});

test('a page under the worker revisits styled and whole, with no CSP violation', async () => {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto('/fr/instagram-video-downloader');
  await controlled(page);
  for (let visit = 0; visit < 2; visit++) {
    await page.reload();
    await expect(page.locator('form button[type="submit"]')).toHaveCSS('background-color', 'rgb(21, 128, 61)');
  }
  await page.goBack().catch(() => undefined);
  await page.goto('/fr/instagram-video-downloader');
  await expect(page.locator('form button[type="submit"]')).toHaveCSS('background-color', 'rgb(21, 128, 61)');
  expect(problems.filter((p) => /Content Security Policy|Refused/.test(p))).toEqual([]);
  await page.close();
});

test('the share target’s address starts the lookup at once, from shared text holding a link', async () => {
  test.skip(!(await fakeUpstreamRunning()), 'needs the fake Instagram of test/e2e/serve.ts');
  const page = await context.newPage();
  const shared = `Look at this https://www.instagram.com/reel/${FIXTURE.reel}/?igsh=abc via Instagram`;
  await page.goto(`/?title=${encodeURIComponent('A reel')}&text=${encodeURIComponent(shared)}`);
  await expect(resultItems(page)).toHaveCount(1);
  await page.close();
});
