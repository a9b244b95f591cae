/**
 * cobalt's web app, as Chromium runs its requests (web/src/lib/api/ of imputnet/cobalt, read 2026-11-26), from a
 * page of another origin (the fake's control server) against this instance: the instance info without an Accept of
 * its own, POST / with its headers (a CORS preflight first), a carousel as a picker whose thumbnails load in <img>,
 * and a Full HD reel as a tunnel its `&p=1` probe accepts, downloaded with its length and name readable.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { CONTROL_ORIGIN, E2E_PORT } from './helpers.ts';

const INSTANCE = `http://127.0.0.1:${E2E_PORT}`;

test('a cobalt client on another origin reads the info, gets a picker and a tunnel, and downloads', async ({ page }) => {
  await page.goto(`${CONTROL_ORIGIN}/status`);

  await test.step('GET / cross-origin: the instance info, listing instagram', async () => {
    const info = await page.evaluate(async (api) => (await fetch(`${api}/`, { redirect: 'manual' })).json(), INSTANCE);
    expect(info.cobalt.services).toContain('instagram');
  });

  const save = (body: object) =>
    page.evaluate(
      async ({ api, body }) => {
        const res = await fetch(api, { method: 'POST', redirect: 'manual', body: JSON.stringify(body), headers: { Accept: 'application/json', 'Content-Type': 'application/json' } });
        return res.json();
      },
      { api: INSTANCE, body },
    );
  // The e2e server's PUBLIC_ORIGIN is not where it listens: the links are taken to it by path.
  const here = (url: string) => `${INSTANCE}${new URL(url).pathname}${new URL(url).search}`;

  await test.step('a carousel is a picker whose thumbnails show', async () => {
    const answer = await save({ url: `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`, localProcessing: 'preferred' });
    expect(answer.status).toBe('picker');
    expect(answer.picker.map((p: { type: string }) => p.type)).toEqual(['photo', 'video', 'video', 'video']);
    const widths = await page.evaluate(
      (thumbs: string[]) =>
        Promise.all(
          thumbs.map(
            (src) =>
              new Promise<number>((resolve) => {
                const img = new Image();
                img.onload = () => resolve(img.naturalWidth);
                img.onerror = () => resolve(0);
                img.src = src;
              }),
          ),
        ),
      answer.picker.map((p: { thumb: string }) => here(p.thumb)),
    );
    expect(widths.every((w) => w > 0)).toBe(true);
  });

  await test.step('a Full HD reel is a tunnel: probed, then downloaded with its length and name', async () => {
    const answer = await save({ url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, videoQuality: 'max' });
    expect(answer.status).toBe('tunnel');
    const file = await page.evaluate(async (url) => {
      const probe = await fetch(`${url}&p=1`);
      const res = await fetch(url);
      const blob = await res.blob();
      return { probe: probe.status, length: Number(res.headers.get('content-length')), disposition: res.headers.get('content-disposition'), size: blob.size, type: blob.type };
    }, here(answer.url));
    expect(file.probe).toBe(200);
    expect(file.type).toBe('video/mp4');
    expect(file.size).toBe(file.length);
    expect(file.disposition).toContain(answer.filename);
  });
});
