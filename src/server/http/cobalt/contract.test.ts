/**
 * Requests shaped exactly as cobalt's web app sends them (web/src/lib/api/{server-info,api}.ts and
 * saving-handler.ts of imputnet/cobalt, read 2026-11-26) to an instance it is pointed at: `GET {origin}/` with no
 * headers of its own (a browser adds Accept: *\/*, Origin and Fetch metadata), then `POST {origin}` with Accept and
 * Content-Type, an optional `Authorization: Api-Key …`, and a body of `url`, `localProcessing` (always sent) and
 * every setting that differs from its defaults. A carousel comes back as a picker it can show, a reel as a tunnel
 * its `${url}&p=1` probe accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/fixtures.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';

const ORIGIN = 'https://gramsave.example';
let rig: ResolveRig;
beforeAll(async () => {
  rig = await startResolveRig({ env: { PUBLIC_ORIGIN: ORIGIN } });
});
afterAll(() => rig?.close());

/** What Chromium adds to a cross-origin fetch() from https://cobalt.tools. */
const BROWSER = {
  accept: '*/*',
  origin: 'https://cobalt.tools',
  referer: 'https://cobalt.tools/',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
};

async function saveRequest(body: object, extra: Record<string, string> = {}) {
  const res = await fetch(`${rig.app.base}`, {
    method: 'POST',
    redirect: 'manual',
    body: JSON.stringify(body),
    headers: { ...BROWSER, Accept: 'application/json', 'Content-Type': 'application/json', ...extra },
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const local = (url: string) => `${rig.app.base}${new URL(url).pathname}${new URL(url).search}`;

describe('cobalt’s web app pointed at this instance', () => {
  it('reads the instance info cross-origin, without an Accept of its own', async () => {
    const res = await fetch(`${rig.app.base}/`, { redirect: 'manual', headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const info = await res.json();
    expect('status' in info).toBe(false);
    expect(info.cobalt.services).toContain('instagram');
  });

  it('a carousel, with the settings a user may have changed, comes back as a picker', async () => {
    const res = await saveRequest(
      {
        url: `https://www.instagram.com/p/${FIXTURE.v1Carousel}/?igsh=MWQ1ZGUxMzBkMA==`,
        localProcessing: 'preferred',
        alwaysProxy: true,
        downloadMode: 'auto',
        filenameStyle: 'pretty',
        disableMetadata: true,
        audioFormat: 'best',
        audioBitrate: '320',
        videoQuality: 'max',
        youtubeVideoCodec: 'vp9',
        youtubeVideoContainer: 'webm',
        youtubeDubLang: 'original',
        subtitleLang: 'en',
        tiktokFullAudio: true,
        youtubeBetterAudio: true,
        allowH265: true,
        convertGif: false,
      },
      // No Authorization: the web app sends one only when its user set a key (an unknown key is the access gate's to refuse).
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body.status).toBe('picker');
    expect(res.body.picker).toHaveLength(4);
    for (const item of res.body.picker) {
      expect(Object.keys(item).sort()).toEqual(['thumb', 'type', 'url']);
      expect(['photo', 'video', 'gif']).toContain(item.type);
      // The picker dialog shows each thumb in an <img> and saves each url.
      const thumb = await fetch(local(item.thumb), { headers: { ...BROWSER, accept: 'image/avif,image/webp,*/*', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' } });
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      await thumb.arrayBuffer();
    }
  });

  it('a reel comes back as a tunnel that its probe accepts, then downloads with its name readable', async () => {
    const res = await saveRequest({ url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, localProcessing: 'disabled' });
    expect(res.body.status).toBe('tunnel');
    const probed = await fetch(`${local(res.body.url)}&p=1`, { headers: BROWSER });
    expect(probed.status).toBe(200);
    const file = await fetch(local(res.body.url), { headers: BROWSER });
    expect(file.status).toBe(200);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(file.headers.get('access-control-expose-headers')).toBe('Content-Length, Content-Disposition, Estimated-Content-Length');
    expect(file.headers.get('content-disposition')).toContain(res.body.filename);
    expect(Number(file.headers.get('content-length'))).toBe((await file.arrayBuffer()).byteLength);
  });
});
