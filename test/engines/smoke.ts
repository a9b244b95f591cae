/**
 * The cross-engine smoke steps (issue 25, "Three engines, not one"), run in order in one engine session: what a
 * visitor does on an iPhone (WebKit) or in Firefox, against the production build and the fake Instagram.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { THREADS_FIXTURE } from '../fake-instagram/threads/threads-fixtures.ts';
import { PROFILE_FIXTURE } from '../fake-instagram/user-fixtures.ts';
import {
  answerHeaders,
  direction,
  handedMoreThan,
  handedToDownloads,
  isHydrated,
  playVideo,
  styling,
  watchDownloads,
  type Styling,
} from './in-page.ts';
import { waitInPage, type EngineSession } from './session.ts';

/** The reel whose best quality is 1080p video and sound joined by the server (/api/v1/mux/…); 720p is a plain file. */
const REEL = `https://www.instagram.com/reel/${FIXTURE.dashReel}/`;
/** A Threads carousel (issue 40): a photo and three videos, served by the fake's Threads face. */
const THREAD = `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.carousel}`;
const RESULTS = '[data-testid="results"]';
const PLAYER = `${RESULTS} li video`;
/** The best file's plain name under the big Download, which is the item's first button. */
const BEST = `${RESULTS} li [data-testid="best-choice"]`;
const DOWNLOAD = `${RESULTS} li article button`;
/** The other sizes, folded under "More sizes": HD 720p (the plain file) first. */
const MORE_SIZES = `${RESULTS} li details summary`;
const HD = `${RESULTS} li [data-testid="more-sizes"] button`;
const FORM = 'form:has([name="url"])';

/** The file a signed media link names (its token's `f`): two answers sign the same file with different expiries. */
const signedFile = (url: string) => (JSON.parse(Buffer.from(new URL(url, 'http://x').pathname.split('/').at(-1)!.split('.')[0]!, 'base64url').toString()) as { f: string }).f;

async function waitForFile(dir: string, name: string, bytes: number, timeoutMs = 15_000): Promise<Buffer> {
  const file = path.join(dir, name);
  const deadline = Date.now() + timeoutMs;
  // The engine writes under a temporary name and renames when done: wait for the final name at its full size.
  while (!(existsSync(file) && statSync(file).size === bytes)) {
    if (Date.now() > deadline) throw new Error(`no ${name} of ${bytes} bytes in the download folder; it holds: ${readdirSync(dir).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return readFileSync(file);
}

/** A file the engine saved under `name`, once it stops growing (a streamed ZIP's length may be unknown). */
async function waitForSavedFile(dir: string, name: string, timeoutMs = 60_000): Promise<Buffer> {
  const file = path.join(dir, name);
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  for (;;) {
    const size = existsSync(file) ? statSync(file).size : -1;
    if (size > 0 && size === last) return readFileSync(file);
    if (Date.now() > deadline) throw new Error(`no finished ${name} in the download folder; it holds: ${readdirSync(dir).join(', ')}`);
    last = size;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function smokeSuite(engine: string, open: (downloadDir: string, firstPage: string) => Promise<EngineSession>): void {
  describe.sequential(engine, () => {
    const origin = inject('origin');
    const hasArabic = existsSync(path.join(inject('buildDir'), 'ar', 'index.html'));
    const downloadDir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-engines-'));
    let session: EngineSession;
    let firstLook: Styling;

    beforeAll(async () => {
      const started = Date.now();
      session = await open(downloadDir, `${origin}/`);
      console.info(`${session.label}: launched in ${Date.now() - started} ms`);
    }, 180_000);

    // A failed step prints what the engine itself said (kept where the engine module keeps it).
    beforeEach(({ onTestFailed }) => {
      onTestFailed(() => {
        const said = session?.diagnostics?.();
        if (said) console.error(`${session.label} printed:\n${said}`);
      });
    });

    afterAll(async () => {
      await session?.close();
      rmSync(downloadDir, { recursive: true, force: true });
    });

    test('loads home, and the app hydrates', async () => {
      await session.goto(`${origin}/`);
      expect(await session.run(() => document.documentElement.lang)).toBe('en');
      await waitInPage(session, 'hydration of the link form', isHydrated, [FORM]);
      firstLook = await session.run(styling);
    });

    test('looks the reel up', async () => {
      await session.type('form [name="url"]', REEL);
      await session.click('form button[type="submit"]');
      await waitInPage(session, 'the reel in the results', (player: string) => document.querySelector(player) !== null, [PLAYER]);
      // The answer is rendered: the inline player streams through our proxy, and the joined 1080p is on offer.
      expect(await session.run((player: string) => new URL(document.querySelector<HTMLVideoElement>(player)!.src).pathname, PLAYER)).toMatch(/^\/api\/v1\/media\//);
      expect(await session.run((best: string) => document.querySelector(best)?.textContent ?? '', BEST)).toMatch(/^Full HD 1080p · /);
    });

    test('plays the inline video', async () => {
      const played = await session.run(playVideo, PLAYER, null, 20_000);
      expect(played).toMatchObject({ width: 720, height: 1280 });
      expect(played.colours, 'distinct colours in the decoded frame').toBeGreaterThan(4);
    });

    test('plays the joined Full HD the Download button hands over', async () => {
      // Hold the download: only its URL is needed here.
      await session.run(watchDownloads, true);
      await session.click(DOWNLOAD);
      await waitInPage(session, 'a URL handed to the download manager', handedMoreThan, [0]);
      const joined = (await session.run(handedToDownloads)).at(-1)!;
      expect(new URL(joined).pathname).toMatch(/^\/api\/v1\/mux\//);
      const played = await session.run(playVideo, null, joined, 30_000);
      expect(played).toMatchObject({ width: 1080, height: 1920 });
      expect(played.colours, 'distinct colours in the decoded frame').toBeGreaterThan(4);
    });

    test('saves the 720p download as an attachment under its own name', async () => {
      await session.run(watchDownloads, false);
      const before = (await session.run(handedToDownloads)).length;
      await session.click(MORE_SIZES);
      await session.click(HD);
      await waitInPage(session, 'the 720p URL handed to the download manager', handedMoreThan, [before]);
      const url = (await session.run(handedToDownloads)).at(-1)!;
      expect(new URL(url).pathname).toMatch(/^\/api\/v1\/media\//);
      // What this engine reads from the answer, and what its download manager did with it.
      const answer = await session.run(answerHeaders, url);
      expect(answer).toMatchObject({ status: 200, type: 'video/mp4' });
      expect(answer.disposition).toMatch(/^attachment;/);
      const name = /filename="([^"]+)"/.exec(answer.disposition!)?.[1];
      expect(name).toMatch(/\.mp4$/);
      const expected = Buffer.from(await (await fetch(url)).arrayBuffer());
      const saved = await waitForFile(downloadDir, name!, expected.length);
      expect(saved.equals(expected), 'the saved file is the answer, byte for byte').toBe(true);
    });

    test('comes back styled after a reload', async () => {
      await session.reload();
      await waitInPage(session, 'hydration after the reload', isHydrated, [FORM]);
      const after = await session.run(styling);
      expect(after.sheets).toBeGreaterThan(0);
      expect(after.submitBackground).not.toBe(after.bareBackground);
      // The same look as the first visit (the pointer may rest on the button now: its colour is not compared).
      expect({ sheets: after.sheets, font: after.bodyFont, radius: after.submitRadius }).toEqual({
        sheets: firstLook.sheets,
        font: firstLook.bodyFont,
        radius: firstLook.submitRadius,
      });
    });

    test("saves a profile's ZIP through the download manager, from its signed link", async () => {
      // Issue 37: the archive streams to disk as the batch ZIP does, never into the tab's memory as a blob: an iPhone
      // or an in-app browser may not save a blob, and a big profile's is hundreds of MB.
      await session.goto(`${origin}/instagram-story-download`);
      await waitInPage(session, 'hydration of the story page', isHydrated, [FORM]);
      await session.type('form [name="url"]', PROFILE_FIXTURE.user);
      await session.click('form button[type="submit"]');
      const all = '[data-testid="profile-view"] [data-testid="zip-all"]';
      await waitInPage(session, 'the profile view', (selector: string) => document.querySelector(selector) !== null, [all], 30_000);
      await session.run(watchDownloads, false);
      await session.click(all);
      await waitInPage(session, 'the ZIP link handed to the download manager', handedMoreThan, [0]);
      const url = (await session.run(handedToDownloads)).at(-1)!;
      expect(new URL(url).pathname).toMatch(new RegExp(`^/api/v1/users/${PROFILE_FIXTURE.user}/zip/`));
      const answer = await session.run(answerHeaders, url);
      expect(answer).toMatchObject({ status: 200, type: 'application/zip' });
      const name = /filename="([^"]+)"/.exec(answer.disposition ?? '')?.[1];
      expect(name).toMatch(/\.zip$/);
      const saved = await waitForSavedFile(downloadDir, name!);
      expect(saved.subarray(0, 4).toString('hex'), 'a ZIP local header').toBe('504b0304');
      expect(await session.run((selector: string) => document.querySelector(selector)?.textContent ?? '', '[data-testid="zip-all"] ~ [data-testid="zip-started"]')).not.toBe('');
    });

    test("opens a profile's story item in the viewer, steps to the next, and saves that one byte for byte; a carousel post file by file", async () => {
      // Issue 37 point 8. The view's own address (?url=<name>) opens it: no typing (WebDriver types slowly).
      const view = (await (await fetch(`${origin}/api/v1/users/${PROFILE_FIXTURE.user}`)).json()) as { stories: { items: { filename: string; downloadUrl: string }[] }; posts: { items: { files?: { downloadUrl: string }[] }[] } };
      const second = view.stories.items[1]!;
      await session.goto(`${origin}/instagram-story-download?url=${PROFILE_FIXTURE.user}`);
      const tiles = '[data-testid="profile-view"] [data-testid="profile-item"] button[aria-haspopup="dialog"]';
      await waitInPage(session, 'the story tiles', (selector: string) => document.querySelector(selector) !== null, [tiles], 30_000);
      await session.click(tiles);
      const viewer = '[data-testid="item-viewer"]';
      await waitInPage(session, 'the viewer open on the first item', (selector: string) => document.querySelector<HTMLDialogElement>(selector)?.open === true, [viewer], 15_000);
      const where = () => document.querySelector('[data-testid="item-viewer"] h2')?.textContent ?? '';
      expect(await session.run(where)).toMatch(/\(1 of \d+\)/);
      await session.click(`${viewer} [data-testid="viewer-next"]`);
      await waitInPage(session, 'the second item', (selector: string) => /\(2 of \d+\)/.test(document.querySelector(`${selector} h2`)?.textContent ?? ''), [viewer]);
      await session.run(watchDownloads, false);
      await session.click(`${viewer} [data-testid="viewer-download"]`);
      const expected = Buffer.from(await (await fetch(`${origin}${second.downloadUrl}`)).arrayBuffer());
      const saved = await waitForFile(downloadDir, second.filename, expected.length);
      expect(saved.equals(expected), `${second.filename}: the saved file is the answer, byte for byte`).toBe(true);
      // A carousel post (the second): Next shows its second file, still in the same post, and Download is that file's.
      const { files } = view.posts.items[1]!;
      await session.run((selector: string) => document.querySelector<HTMLDialogElement>(selector)!.close(), viewer);
      const posts = '[data-testid="profile-view"] [data-testid="profile-post"] button[aria-haspopup="dialog"]';
      await session.run((selector: string) => document.querySelectorAll<HTMLButtonElement>(selector)[1]!.click(), posts);
      const shown = (selector: string, pattern: string) =>
        new RegExp(pattern).test(`${document.querySelector(`${selector} h2`)?.textContent} ${document.querySelector(`${selector} [data-testid="viewer-part"]`)?.textContent}`);
      await waitInPage(session, "the carousel's first file", shown, [viewer, String.raw`\(2 of \d+\) Photo 1 of 4$`]);
      await session.click(`${viewer} [data-testid="viewer-next"]`);
      await waitInPage(session, "the carousel's second file", shown, [viewer, String.raw`\(2 of \d+\) Video 2 of 4$`]);
      const href = await session.run((selector: string) => document.querySelector<HTMLAnchorElement>(`${selector} [data-testid="viewer-download"]`)!.getAttribute('href')!, viewer);
      expect(signedFile(href), "the second file's own download").toBe(signedFile(files![1]!.downloadUrl));
    });

    test("saves a Threads carousel's photo and a video through the download manager, byte for byte", async () => {
      // Issue 40. What the API answers for the link: each file's name and bytes, to find in the download folder.
      const res = await fetch(`${origin}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: THREAD }) });
      const resolved = (await res.json()) as { service: string; items: { type: string; filename: string; downloadUrl: string }[] };
      expect(resolved.service).toBe('threads');
      expect(resolved.items.map((item) => item.type)).toEqual(['image', 'video', 'video', 'video']);
      // A shared link (?url=) fills the box and looks the thread up: no typing (WebDriver types slowly).
      await session.goto(`${origin}/?url=${encodeURIComponent(THREAD)}`);
      // Each item's big Download (the sizes folded under "More sizes" sit deeper).
      const buttons = `${RESULTS} li article > div > button:first-of-type`;
      await waitInPage(session, "the carousel's four items", (selector: string) => document.querySelectorAll(selector).length === 4, [buttons], 30_000);
      await session.run(watchDownloads, false);
      // The photo's Download button, then the first video's once the photo is saved (WebKit drops a download that
      // another one follows at once). The other two videos take the first one's way: not repeated here.
      for (const [index, item] of resolved.items.slice(0, 2).entries()) {
        await session.run((selector: string, at: number) => document.querySelectorAll<HTMLButtonElement>(selector)[at]!.click(), buttons, index);
        const expected = Buffer.from(await (await fetch(`${origin}${item.downloadUrl}`)).arrayBuffer());
        const saved = await waitForFile(downloadDir, item.filename, expected.length);
        expect(saved.equals(expected), `${item.filename}: the saved file is the answer, byte for byte`).toBe(true);
      }
      // The photo was fetched and saved from the page's memory (a blob); the video went to the download manager.
      const handed = (await session.run(handedToDownloads)).map((url) => (url.startsWith('blob:') ? 'blob' : new URL(url).pathname.split('/', 4).join('/')));
      expect(handed).toEqual(['blob', '/api/v1/media']);
    });

    test('saves a Threads GIF, an MP4 of its own, through the download manager, byte for byte', async () => {
      // Issue 40: a GIF is a silent video item (Meta's proxied copy where the post has one), saved as an .mp4.
      const gif = `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.gif}`;
      const res = await fetch(`${origin}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: gif }) });
      const resolved = (await res.json()) as { items: { type: string; filename: string; downloadUrl: string }[] };
      expect(resolved.items.map((item) => [item.type, path.extname(item.filename)])).toEqual([['video', '.mp4']]);
      await session.goto(`${origin}/?url=${encodeURIComponent(gif)}`);
      const button = `${RESULTS} li article > div > button:first-of-type`;
      await waitInPage(session, 'the GIF in the results', (selector: string) => document.querySelector(selector) !== null, [button], 30_000);
      await session.run(watchDownloads, false);
      await session.run((selector: string) => document.querySelector<HTMLButtonElement>(selector)!.click(), button);
      const [item] = resolved.items;
      const expected = Buffer.from(await (await fetch(`${origin}${item!.downloadUrl}`)).arrayBuffer());
      const saved = await waitForFile(downloadDir, item!.filename, expected.length);
      expect(saved.equals(expected), `${item!.filename}: the saved file is the answer, byte for byte`).toBe(true);
      expect(saved.subarray(4, 8).toString('latin1'), 'an MP4 (ftyp box)').toBe('ftyp');
    });

    test('opens the right-to-left page /ar', async (context) => {
      context.skip(!hasArabic, 'the build has no /ar/ yet');
      await session.goto(`${origin}/ar`);
      expect(await session.run(direction)).toEqual({ lang: 'ar', dir: 'rtl', body: 'rtl', linkBox: 'rtl' });
      await waitInPage(session, 'hydration of /ar', isHydrated, [FORM]);
      // Hydration must keep the direction the prerendered page came with.
      expect(await session.run(direction)).toMatchObject({ dir: 'rtl', body: 'rtl' });
      const style = await session.run(styling);
      expect(style.submitBackground).not.toBe(style.bareBackground);
    });

    test('writes one kind of digit in a label: Western in Arabic, Persian in Persian', async (context) => {
      // Issue 37 point 15: this engine's ICU may write Arabic with Arabic-Indic digits (WebKitGTK's does) where the
      // strings hold Western ones; lib/number-locale.ts names the numbering. Read as rendered: on /ar after a carousel
      // lookup, each item's place ("١ من ٤" was the mix's sign) and its best file's line ("Full HD 1080p · 1.2 MB");
      // on /fa a photo's line ("1080 × 1350 px · 27 kB"): a photo, since WebKitGTK takes seconds a video to render.
      context.skip(!hasArabic, 'the build has no /ar/ yet');
      const WESTERN = /[0-9]/;
      const ARABIC_INDIC = /[\u0660-\u0669]/;
      const PERSIAN = /[\u06F0-\u06F9]/;
      const labels = `${RESULTS} li [data-testid="item-position"], ${BEST}`;
      const pages = [
        // The Threads carousel: four items, a place and a line each.
        { lang: 'ar', link: THREAD, count: 8, own: WESTERN, others: [ARABIC_INDIC, PERSIAN] },
        { lang: 'fa', link: `https://www.instagram.com/p/${FIXTURE.image}/`, count: 1, own: PERSIAN, others: [WESTERN, ARABIC_INDIC] },
      ];
      for (const { lang, link, count, own, others } of pages) {
        await session.goto(`${origin}/${lang}?url=${encodeURIComponent(link)}`);
        await waitInPage(session, `the labels on /${lang}`, (selector: string, n: number) => document.querySelectorAll(selector).length === n, [labels, count], 30_000);
        const read = await session.run((selector: string) => [...document.querySelectorAll(selector)].map((label) => label.textContent ?? ''), labels);
        for (const label of read) {
          expect(label, `/${lang}: a number in ${JSON.stringify(label)}`).toMatch(own);
          for (const other of others) expect(label, `/${lang}: one kind of digit in ${JSON.stringify(label)}`).not.toMatch(other);
        }
      }
    });
  });
}
