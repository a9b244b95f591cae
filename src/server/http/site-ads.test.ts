/**
 * ADS_CLIENT at run time: a build carries no ad client; an instance started with one serves every page with it in a
 * meta tag (the ad slots read it after hydration), precompressed, with the CSP that lets Google's ad script load,
 * and without one serves the build as it is. An id that is not an ad client id never reaches a page.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../test/app-rig.ts';
import { loadConfig } from '../config.ts';
import { adsClientInserter } from './site-ads.ts';
import { siteForOrigin } from './site-origin.ts';

const BUILT = 'http://localhost:8080';
const CLIENT = 'ca-pub-1234567890123456';
const META = `<meta name="gramsave:ads-client" content="${CLIENT}"/>`;
const filler = '<p>' + 'Gramsave saves public posts. '.repeat(60) + '</p>';
const page = (lang: string) => `<!DOCTYPE html><html lang="${lang}"><head><link rel="canonical" href="${BUILT}/${lang}"/></head><body>${filler}</body></html>`;

let work: string;
let build: string;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'gramsave-site-ads-'));
  build = path.join(work, 'build');
  mkdirSync(path.join(build, 'fr'), { recursive: true });
  writeFileSync(path.join(build, 'index.html'), page('en').replace(`${BUILT}/en`, `${BUILT}/`));
  writeFileSync(path.join(build, 'fr', 'index.html'), page('fr'));
  writeFileSync(path.join(build, 'fr.data'), `[{"_1":2},"origin","${BUILT}"]`);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the operator’s ADS_CLIENT in the pages', () => {
  it('is written once at the end of the head, and only as an ad client id', () => {
    expect(adsClientInserter(CLIENT)('<html><head><title>x</title></head><body></body></html>')).toBe(`<html><head><title>x</title>${META}</head><body></body></html>`);
    expect(() => adsClientInserter('ca-pub-1"><script>alert(1)</script>')).toThrow(/ad client id/);
    expect(() => loadConfig({ ADS_CLIENT: '"><script>' })).toThrow(/ADS_CLIENT/);
    expect(loadConfig({ ADS_CLIENT: CLIENT }).adsClient).toBe(CLIENT);
  });

  it('makes a copy of the pages with it on the build’s own origin, linking the route data', async () => {
    const tmp = path.join(work, 'tmp');
    const site = await siteForOrigin(build, BUILT, tmp, { adsClient: CLIENT });
    expect(site.dir.startsWith(tmp)).toBe(true);
    expect(site.rewritten).toBe(2);
    expect(readFileSync(path.join(site.dir, 'fr', 'index.html'), 'utf8')).toContain(`${META}</head>`);
    expect(lstatSync(path.join(site.dir, 'fr.data')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(build, 'fr', 'index.html'), 'utf8')).not.toContain('gramsave:ads-client');
    // Another client is another copy; none is the build itself.
    expect((await siteForOrigin(build, BUILT, tmp, { adsClient: 'ca-pub-99' })).dir).not.toBe(site.dir);
    expect(await siteForOrigin(build, BUILT, tmp)).toEqual({ dir: build, builtFor: BUILT, rewritten: 0 });
  });

  it('is what the server sends, brotli-encoded, with the CSP for the ad script; and nothing of it without one', async () => {
    const site = await siteForOrigin(build, BUILT, path.join(work, 'tmp'), { adsClient: CLIENT });
    const withAds = await startApp({ env: { BUILD_DIR: site.dir, PUBLIC_ORIGIN: BUILT, ADS_CLIENT: CLIENT } });
    const without = await startApp({ env: { BUILD_DIR: build, PUBLIC_ORIGIN: BUILT } });
    try {
      const res = await fetch(`${withAds.base}/fr`, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(await res.text()).toContain(META);
      expect(res.headers.get('content-security-policy')).toContain('https://pagead2.googlesyndication.com');
      expect(brotliDecompressSync(readFileSync(path.join(site.dir, 'fr', 'index.html.br'))).toString()).toContain(META);
      const plain = await fetch(`${without.base}/fr`, { headers: { 'accept-encoding': 'br' } });
      expect(await plain.text()).not.toContain('gramsave:ads-client');
      expect(plain.headers.get('content-security-policy')).not.toContain('googlesyndication');
    } finally {
      await Promise.all([withAds.close(), without.close()]);
    }
  });
});
