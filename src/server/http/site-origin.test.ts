/**
 * The operator's PUBLIC_ORIGIN on a build made for another: the pages and route data served carry it (canonical,
 * hreflang, Open Graph, structured data, the root data), precompressed, from a copy made at start; the build itself
 * is left as it is (read-only in the image), and a build already made for the origin is served as it is.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../test/app-rig.ts';
import { inlineScriptHashes } from './page-index.ts';
import { builtOrigin, originRewriter, siteForOrigin } from './site-origin.ts';

const BUILT = 'http://localhost:8080';
const OPERATOR = 'https://save.example.org';
const filler = '<p>' + 'Gramsave saves public posts. '.repeat(60) + '</p>';

function page(lang: string): string {
  const base = lang === 'en' ? '' : `/${lang}`;
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><link rel="canonical" href="${BUILT}${base}/"/>` +
    `<link rel="alternate" hrefLang="en" href="${BUILT}/"/><link rel="alternate" hrefLang="fr" href="${BUILT}/fr"/>` +
    `<meta property="og:url" content="${BUILT}${base}/"/>` +
    `<script type="application/ld+json">{"url":"${BUILT}/","logo":"${BUILT}/favicon.svg"}</script></head>` +
    `<body>${filler}<a href="http://localhost:80801/">another port</a>` +
    `<script>window.__reactRouterContext.streamController.enqueue("[\\"origin\\",\\"${BUILT}\\"]");</script></body></html>`
  );
}

let work: string;
let build: string;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'gramsave-site-origin-'));
  build = path.join(work, 'build');
  mkdirSync(path.join(build, 'fr'), { recursive: true });
  mkdirSync(path.join(build, 'assets'));
  writeFileSync(path.join(build, 'index.html'), page('en'));
  writeFileSync(path.join(build, 'index.html.br'), 'stale copy of the build');
  writeFileSync(path.join(build, 'fr', 'index.html'), page('fr'));
  writeFileSync(path.join(build, 'fr.data'), `[{"_1":2},"origin","${BUILT}","adsClient"]`);
  writeFileSync(path.join(build, 'assets', 'entry-abc.js'), 'console.log(1)');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the site on the operator’s origin', () => {
  it('reads the origin a build was made for from its home page', () => {
    expect(builtOrigin(build)).toBe(BUILT);
    expect(builtOrigin(path.join(work, 'none'))).toBeUndefined();
  });

  it('replaces the origin as a whole, never the start of a longer port or host', () => {
    const rewrite = originRewriter(BUILT, OPERATOR);
    expect(rewrite(`${BUILT}/fr ${BUILT}" ${BUILT}:9 http://localhost:80801/ ${BUILT}.evil`)).toBe(`${OPERATOR}/fr ${OPERATOR}" ${BUILT}:9 http://localhost:80801/ ${BUILT}.evil`);
  });

  it('serves the build as it is when it carries the origin already', async () => {
    expect(await siteForOrigin(build, `${BUILT}/`, path.join(work, 'tmp'))).toEqual({ dir: build, builtFor: BUILT, rewritten: 0 });
  });

  it('writes the origin into a precompressed copy, links the rest, and leaves the build alone', async () => {
    const tmp = path.join(work, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const site = await siteForOrigin(build, OPERATOR, tmp);
    expect(site.dir.startsWith(tmp)).toBe(true);
    expect(site.rewritten).toBe(3);
    const html = readFileSync(path.join(site.dir, 'index.html'), 'utf8');
    expect(html.replaceAll('http://localhost:80801/', '')).not.toContain(BUILT);
    expect(html).toContain(`<link rel="canonical" href="${OPERATOR}/"/>`);
    expect(html).toContain(`hrefLang="fr" href="${OPERATOR}/fr"`);
    expect(html).toContain(`content="${OPERATOR}/"`);
    expect(html).toContain(`"logo":"${OPERATOR}/favicon.svg"`);
    expect(html).toContain(`\\"origin\\",\\"${OPERATOR}\\"`);
    expect(html).toContain('http://localhost:80801/');
    expect(brotliDecompressSync(readFileSync(path.join(site.dir, 'index.html.br'))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(path.join(site.dir, 'index.html.gz'))).toString()).toBe(html);
    expect(readFileSync(path.join(site.dir, 'fr.data'), 'utf8')).toContain(`"origin","${OPERATOR}"`);
    expect(lstatSync(path.join(site.dir, 'assets', 'entry-abc.js')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(build, 'index.html'), 'utf8')).toContain(`href="${BUILT}/"`);
    // A second start finds the copy made.
    expect(await siteForOrigin(build, OPERATOR, tmp)).toEqual({ dir: site.dir, builtFor: BUILT, rewritten: 0 });
  });

  it('is what the server sends: brotli, gzip or plain, with the CSP of the rewritten inline script', async () => {
    const site = await siteForOrigin(build, OPERATOR, path.join(work, 'tmp'));
    const rig = await startApp({ env: { BUILD_DIR: site.dir, PUBLIC_ORIGIN: OPERATOR } });
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await fetch(`${rig.base}/fr`, { headers: { 'accept-encoding': encoding } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
        const body = await res.text();
        expect(body).toContain(`<link rel="canonical" href="${OPERATOR}/fr/"/>`);
        expect(body.replaceAll('http://localhost:80801/', '')).not.toContain(BUILT);
        for (const hash of inlineScriptHashes(body)) expect(res.headers.get('content-security-policy')).toContain(hash);
      }
      const data = await fetch(`${rig.base}/fr.data`);
      expect(await data.text()).toContain(OPERATOR);
      const sitemap = await (await fetch(`${rig.base}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${OPERATOR}/fr</loc>`);
    } finally {
      await rig.close();
    }
  });

  it('refuses an origin that cannot be written into a page as it is', async () => {
    await expect(siteForOrigin(build, 'https://x.example/"><script>', path.join(work, 'tmp'))).rejects.toThrow(/plain origin/);
  });
});
