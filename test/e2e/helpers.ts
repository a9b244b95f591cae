/** Shared pieces of the downloader browser tests: strings, the fault control of test/e2e/serve.ts, ZIP reading. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Download, type Locator, type Page } from '@playwright/test';
import type { Resolution } from '../../src/shared/api.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** serve.ts listens for fault switches one port above the site. */
export const CONTROL_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;

/** A saved file's name (src/shared/file-name.ts): author, post code, item number in a carousel, quality. */
export const FILE_NAME = /^[A-Za-z0-9._]+-[A-Za-z0-9_-]+?(-\d{1,2})?-(\d{3,4}p|\d{3,4}x\d{3,4})\.(mp4|jpg)$/;

type Strings = Record<string, Record<string, unknown>>;

export function strings(lang: string): Strings {
  return JSON.parse(readFileSync(path.resolve('content/locales', lang, 'common.json'), 'utf8')) as Strings;
}

/** A dotted key's text in a language, with {{name}} placeholders filled. */
export function text(all: Strings, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = all;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing string ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** Sets (or with null clears) a fault of the fake upstream for one target: shortcode, username or id. */
export async function setFault(target: string, fault: string | { delayMs: number } | { rateLimitedUntil: number } | null): Promise<void> {
  const response = await fetch(`${CONTROL_ORIGIN}/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ target, fault }),
  });
  if (!response.ok) throw new Error(`fault control answered ${response.status}`);
}

/** Whether serve.ts runs against the fake Instagram (it says so on the control port). */
export async function fakeUpstreamRunning(): Promise<boolean> {
  try {
    const response = await fetch(`${CONTROL_ORIGIN}/status`);
    return response.ok && ((await response.json()) as { fake: boolean }).fake;
  } catch {
    return false;
  }
}

/** The JSON payload of a media or zip token URL (/api/v1/media/{payload}.{mac}): which CDN file it names. */
export function tokenPayload(url: string): { u?: string; f?: string; i?: { u: string; f: string }[] } {
  const token = new URL(url, 'http://x').pathname.split('/').pop()!;
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { u?: string; f?: string };
}

export function linkBox(page: Page): Locator {
  return page.locator('form [name="url"]');
}

/** The page has started: the Paste button, the form's one plain button, comes after hydration. */
export async function started(page: Page): Promise<void> {
  await page.locator('form button[type="button"]').first().waitFor();
}

/** Pastes text into the link box as a browser paste does (a ClipboardEvent with its data). */
export async function pasteInto(page: Page, block: string): Promise<void> {
  // A paste made by a script inserts nothing by itself: the page's handler does it.
  await started(page);
  await linkBox(page).focus();
  await linkBox(page).evaluate((box, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, block);
}

/** The text of an HTML fragment from prerendered HTML: tags stripped and entities decoded. */
export function htmlText(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What a browser's navigation (or a crawler) accepts: `/` is the page for it, cobalt's JSON for `Accept: *\/*`. */
export const PAGE_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** Headers a 304 must repeat from its 200 (a 304 with the API's CSP once left every second visit unstyled). */
const REVALIDATED_HEADERS = ['content-security-policy', 'cache-control', 'etag', 'vary'];

/** The browser's second visit to `url`: its ETag answers 304 with the 200's own policy and caching. */
export async function expectRevalidates(request: APIRequestContext, url: string, first: APIResponse): Promise<void> {
  const etag = first.headers()['etag'];
  expect(etag, `${url} has an ETag`).toBeDefined();
  // A browser's Accept: `/` answers cobalt's clients (Accept: */*) with JSON, and the page to whoever names HTML.
  const again = await request.get(url, { headers: { accept: PAGE_ACCEPT, 'if-none-match': etag! } });
  expect(again.status(), url).toBe(304);
  for (const name of REVALIDATED_HEADERS) expect(again.headers()[name], `${url}: ${name}`).toBe(first.headers()[name]);
}

export async function submitLink(page: Page, link: string): Promise<void> {
  // Once the page has started (a link typed before is kept and sent: downloader-flow.spec.ts plays that). A click
  // here was once lost about once in a hundred lookups on a loaded machine: the prerendered header was moved into
  // place by a script on a later frame, the content jumped down by its height, and the click aimed at Download landed
  // above it. The pages now hold every part in place (entry.server.tsx; first-paint.spec.ts).
  await started(page);
  await linkBox(page).fill(link);
  await page.locator('form button[type="submit"]').click();
}

/** The toast library loads at the visitor's first sign of use (lib/notify.ts): focus the link box, wait for its area. */
export async function toastsReady(page: Page): Promise<void> {
  await linkBox(page).focus();
  await page.locator('[data-rht-toaster]').waitFor({ state: 'attached' });
}

export function toast(page: Page, message: string): Locator {
  return page.getByRole('status').filter({ hasText: message });
}

/** The results list (labelled by its heading) and its items. */
export function resultItems(page: Page): Locator {
  return page.getByTestId('results').getByRole('list').first().locator(':scope > li');
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Reads a ZIP through its central directory (our ZIPs are stored, not deflated, and small here: no ZIP64). */
export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(offset + 10);
    const size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    if (size === 0xffffffff || local === 0xffffffff) throw new Error(`entry ${name} needs ZIP64, not expected here`);
    if (method !== 0) throw new Error(`entry ${name} is compressed (method ${method})`);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataStart, dataStart + size) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What the API answers for a link: the truth the page must show. */
export async function resolveDirect(request: APIRequestContext, url: string, tool?: string): Promise<Resolution> {
  const response = await request.post('/api/v1/resolve', { data: tool ? { url, tool } : { url } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Resolution;
}

/** Clicks a control that saves a file; returns the download and the URL the page fetched for it. */
export async function saveThrough(page: Page, click: () => Promise<void>): Promise<{ download: Download; fetched: string }> {
  const fetchedP = page.waitForRequest((r) => r.url().includes('/api/v1/media/') && r.url().includes('download=1'));
  const downloadP = page.waitForEvent('download');
  await click();
  const [download, fetched] = await Promise.all([downloadP, fetchedP]);
  return { download, fetched: fetched.url() };
}

export async function expectSameBytes(request: APIRequestContext, download: Download, url: string): Promise<Buffer> {
  const saved = await readFile((await download.path())!);
  const direct = await request.get(url);
  expect(direct.status()).toBe(200);
  const body = await direct.body();
  expect(saved.length).toBeGreaterThan(0);
  expect(saved.equals(body), `saved ${saved.length} bytes, direct ${body.length}`).toBe(true);
  return saved;
}

/** Sets (or with null clears) a fault of the fake CDN for one path (test/fake-instagram/cdn.ts). */
export async function setCdnFault(path: string, fault: Record<string, unknown> | null): Promise<void> {
  const response = await fetch(`${CONTROL_ORIGIN}/cdn-fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ target: path, fault }),
  });
  if (!response.ok) throw new Error(`CDN fault control answered ${response.status}`);
}
