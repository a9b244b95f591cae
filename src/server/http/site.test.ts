/**
 * The site served by the real app from a small build: pages with their CSP and precompressed copies,
 * immutable assets, the redirect rules, translated 404s, sitemap and robots, and the security headers.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { startApp } from '../../../test/app-rig.ts';
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { localizePath } from '../../shared/routes.ts';

/** A browser's or a crawler's Accept: `/` is the page for it (cobalt's clients, with Accept: *\/*, get JSON). */
const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const page = (lang: string, h1: string) =>
  `<!doctype html><html lang="${lang}"><head><script>window.__ctx=${JSON.stringify(h1)}</script></head><body><h1>${h1}</h1></body></html>`;

function writePage(root: string, urlPath: string, html: string, compressed = false) {
  const dir = path.join(root, urlPath);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), html);
  if (compressed) {
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
  }
}

let app: FastifyInstance;

beforeAll(async () => {
  const build = mkdtempSync(path.join(tmpdir(), 'gramsave-site-'));
  writePage(build, '/', page('en', 'Home'), true);
  writePage(build, '/fr', page('fr', 'Accueil'));
  writePage(build, '/instagram-reels-downloader', page('en', 'Reels'));
  writePage(build, '/__gramsave/not-found', page('en', 'Page not found'));
  writePage(build, '/de/__gramsave/not-found', page('de', 'Seite nicht gefunden'));
  writePage(build, '/fr/__gramsave/not-found', page('fr', 'Page introuvable'));
  mkdirSync(path.join(build, 'assets'));
  writeFileSync(path.join(build, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(build, 'favicon.svg'), '<svg/>');
  const config = loadConfig({ NODE_ENV: 'test', BUILD_DIR: build, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gramsave-data-')), TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'https://gramsave.example' });
  app = await buildApp(config, { logger: createLogger('silent') });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('pages', () => {
  it('serves a page with its own CSP, security headers and revalidated caching', async () => {
    const res = await app.inject({ url: '/fr' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Accueil');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline\'; script');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('sends HSTS on every answer when PUBLIC_ORIGIN is https, whatever the proxy says', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }, { 'x-forwarded-proto': 'https' }]) {
      for (const url of ['/fr', '/api/v1/nothing', '/healthz']) {
        const res = await app.inject({ url, headers });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    }
  });

  it('sends no HSTS for a plain-http PUBLIC_ORIGIN unless the request came over https', async () => {
    const rig = await startApp({ env: { PUBLIC_ORIGIN: 'http://localhost:8080', TRUST_PROXY: 'true' } });
    try {
      expect((await rig.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
      const https = await rig.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await rig.close();
    }
  });

  it('sends the precompressed copy the client accepts', async () => {
    const br = await app.inject({ url: '/', headers: { ...PAGE, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gz = await app.inject({ url: '/', headers: { ...PAGE, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/', headers: { ...PAGE, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Home</h1>');
  });

  it.each(['/', '/fr', '/instagram-reels-downloader'])('answers 304 on %s with the same CSP, caching and ETag as the 200', async (url) => {
    const first = await app.inject({ url, headers: { ...PAGE, 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    for (const ifNoneMatch of [String(first.headers.etag), `W/${first.headers.etag}`, `"other", ${first.headers.etag}`, '*']) {
      const again = await app.inject({ url, headers: { ...PAGE, 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      for (const name of ['content-security-policy', 'cache-control', 'etag', 'vary', 'x-content-type-options', 'referrer-policy']) {
        expect(again.headers[name], name).toBe(first.headers[name]);
      }
      expect(String(again.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
  });

  it('answers 200 to a stale If-None-Match, and never 304 for a 404 page', async () => {
    const stale = await app.inject({ url: '/fr', headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
    const missing = await app.inject({ url: '/de/a/b/c', headers: { 'if-none-match': '*' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('assets', () => {
  it('caches hashed assets for a year, immutably', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/app-abc123.js', '/favicon.svg'])('revalidates %s with the same headers as its 200', async (url) => {
    const first = await app.inject({ url });
    const again = await app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    for (const name of ['content-security-policy', 'cache-control', 'etag', 'x-content-type-options']) {
      expect(again.headers[name], name).toBe(first.headers[name]);
    }
  });

  it('caches other files briefly', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('redirects and not found', () => {
  it.each([
    ['/reels', '/instagram-reels-downloader'],
    ['/fr/reels', '/fr/instagram-reels-downloader'],
    ['/fr/', '/fr'],
    ['/en/contact', '/contact'],
    ['/reels?url=x', '/instagram-reels-downloader?url=x'],
  ])('%s → %s', async (from, to) => {
    const res = await app.inject({ url: from });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it.each([
    '//evil.com/',
    '//evil.com',
    '/en//evil.com',
    '/en//evil.com/',
    '/%2f%2fevil.com/',
    '/%2F%2Fevil.com',
    '/%5cevil.com/',
    '/%5c%5cevil.com/',
    '/\\evil.com/',
    '/fr//evil.com/',
    '/en/%2fevil.com/',
    '/en/%5cevil.com',
    '///evil.com/',
    '/%09/evil.com/',
    '/https:%2f%2fevil.com/',
  ])('never redirects %s off our origin', async (url) => {
    const res = await app.inject({ url });
    const location = res.headers.location;
    if (location !== undefined) {
      expect(String(location)).toMatch(/^\/(?![/\\])/);
      expect(new URL(String(location), 'https://gramsave.example').origin).toBe('https://gramsave.example');
    }
    expect(res.statusCode).not.toBe(500);
  });

  it.each(['//evil.com/', '/en//evil.com', '/%2f%2fevil.com/', '/%5cevil.com/'])('answers %s with the 404 page', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it.each(['/%E4%B8%AD/', '/%0a/', '/%7f/', '/%E4%B8%AD', '/fr/%0d%0aSet-Cookie:x=1/', '/%ff/', '/%C3%A9t%C3%A9/?q=%E4', '/\u00e9/'])(
    'answers %s without a server error',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['set-cookie']).toBeUndefined();
      if (res.headers.location !== undefined) expect(String(res.headers.location)).toMatch(/^\/[\x21-\x7e]*$/);
    },
  );

  it('percent-encodes a redirect to a non-Latin-1 path, and answers an unknown one 404', async () => {
    const res = await app.inject({ url: '/instagram-reels-downloader/?q=%E4' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/instagram-reels-downloader?q=%E4');
    expect((await app.inject({ url: '/%E4%B8%AD/' })).statusCode).toBe(404);
  });

  it('answers an unknown deep path with the translated 404 page', async () => {
    const res = await app.inject({ url: '/de/a/b/c' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Seite nicht gefunden');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('refuses path traversal', async () => {
    const res = await app.inject({ url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('root:');
  });
});

/** A browser's visit to an address: what Chromium sends on a navigation. */
const visit = (headers: Record<string, string> = {}) => ({ ...PAGE, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...headers });

describe('the visitor’s language on the first request (issue 37 point 6)', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', '/fr'],
    ['en;q=0.5, de-AT;q=0.8', '/de'],
    ['fr;q=0, ja', '/ja'],
    ['fil-PH', '/tl'],
    ['in-ID,in;q=0.9', '/id'],
  ])('sends a browser asking for %s from / to %s at once, varying on the headers that chose it', async (acceptLanguage, to) => {
    const res = await app.inject({ url: '/', headers: visit({ 'accept-language': acceptLanguage }) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps the query (a shared link) on the way', async () => {
    const res = await app.inject({ url: '/?url=https%3A%2F%2Fwww.instagram.com%2Fp%2Fx%2F', headers: visit({ 'accept-language': 'ja-JP' }) });
    expect(res.headers.location).toBe('/ja?url=https%3A%2F%2Fwww.instagram.com%2Fp%2Fx%2F');
  });

  it('lets the language saved by the menu win over the header, English included', async () => {
    const english = await app.inject({ url: '/', headers: visit({ 'accept-language': 'fr-FR', cookie: 'theme=dark; i18next=en' }) });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Home');
    expect(String(english.headers.vary)).toMatch(/Accept-Language, Cookie/);
    const japanese = await app.inject({ url: '/', headers: visit({ 'accept-language': 'fr-FR', cookie: 'i18next=ja' }) });
    expect(japanese.headers.location).toBe('/ja');
    const unknown = await app.inject({ url: '/', headers: visit({ 'accept-language': 'fr-FR', cookie: 'i18next=xx' }) });
    expect(unknown.headers.location).toBe('/fr');
  });

  it('answers English to a request without the header (crawlers) or with no language of ours', async () => {
    for (const headers of [visit(), visit({ 'accept-language': 'fi-FI, *;q=0.5' }), PAGE]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Home');
    }
  });

  it('gives the service worker’s own fetch of / the shell it keeps, whatever the browser’s language', async () => {
    for (const mode of ['same-origin', 'cors', 'no-cors']) {
      const res = await app.inject({ url: '/', headers: { accept: '*/*', 'sec-fetch-mode': mode, 'sec-fetch-site': 'same-origin', 'accept-language': 'fr-FR' } });
      expect(res.statusCode, mode).toBe(200);
      expect(res.body).toContain('Home');
    }
  });

  it('still answers cobalt’s instance info to a client that is no browser visit (issue 39)', async () => {
    const res = await app.inject({ url: '/', headers: { accept: '*/*', 'accept-language': 'fr-FR' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cobalt: { services: expect.arrayContaining(['instagram']) } });
  });
});

describe('a mistyped address (issue 37 point 14)', () => {
  it.each(['/instagram-reel-downloadr', '/instagram-reel-downloadr/', '/something-else', '/blog-posts/x'])('%s is a 404 page, not a redirect to the blog', async (url) => {
    const res = await app.inject({ url, headers: visit() });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });

  it('speaks the visitor’s language: an address without a prefix goes under theirs, answered 404 there', async () => {
    const german = await app.inject({ url: '/instagram-reel-downloadr?x=1', headers: visit({ 'accept-language': 'de-DE' }) });
    expect([german.statusCode, german.headers.location]).toEqual([302, '/de/instagram-reel-downloadr?x=1']);
    expect(String(german.headers.vary)).toMatch(/Accept-Language, Cookie/);
    const chosen = await app.inject({ url: '/instagram-reel-downloadr', headers: visit({ 'accept-language': 'de-DE', cookie: 'i18next=fr' }) });
    expect(chosen.headers.location).toBe('/fr/instagram-reel-downloadr');
    const english = await app.inject({ url: '/instagram-reel-downloadr', headers: visit({ 'accept-language': 'de-DE', cookie: 'i18next=en' }) });
    expect([english.statusCode, english.body.includes('Page not found')]).toEqual([404, true]);
    const prefixed = await app.inject({ url: '/de/instagram-reel-downloadr', headers: visit({ 'accept-language': 'fr-FR' }) });
    expect(prefixed.statusCode).toBe(404);
    expect(prefixed.body).toContain('Seite nicht gefunden');
  });
});

describe('Instagram paths on our address (issue 37 point 16)', () => {
  const link = (url: string) => encodeURIComponent(url);
  it.each([
    ['/p/C8xYz12AbCd/', `/?url=${link('https://www.instagram.com/p/C8xYz12AbCd/')}`],
    ['/p/C8xYz12AbCd/?igsh=abc', `/?url=${link('https://www.instagram.com/p/C8xYz12AbCd/')}`],
    ['/reel/C8xYz12AbCd', `/instagram-reels-downloader?url=${link('https://www.instagram.com/reel/C8xYz12AbCd/')}`],
    ['/natgeo/reel/C8xYz12AbCd/', `/instagram-reels-downloader?url=${link('https://www.instagram.com/reel/C8xYz12AbCd/')}`],
    ['/tv/C8xYz12AbCd/', `/igtv-downloader?url=${link('https://www.instagram.com/tv/C8xYz12AbCd/')}`],
    ['/stories/natgeo/3456789012345678901/', `/instagram-story-download?url=${link('https://www.instagram.com/stories/natgeo/3456789012345678901/')}`],
    ['/stories/highlights/17890012345678901/', `/instagram-story-download?url=${link('https://www.instagram.com/stories/highlights/17890012345678901/')}`],
    ['/natgeo/', `/instagram-profile-picture-downloader?url=${link('@natgeo')}`],
    ['/leo.messi', `/instagram-profile-picture-downloader?url=${link('@leo.messi')}`],
    ['/de/p/C8xYz12AbCd/', `/de?url=${link('https://www.instagram.com/p/C8xYz12AbCd/')}`],
  ])('%s opens %s, kept out of search indexes', async (from, to) => {
    const res = await app.inject({ url: from, headers: visit() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('opens it in the visitor’s language', async () => {
    const res = await app.inject({ url: '/reel/C8xYz12AbCd/', headers: visit({ 'accept-language': 'fr-CA' }) });
    expect(res.headers.location).toBe(`/fr/instagram-reels-downloader?url=${link('https://www.instagram.com/reel/C8xYz12AbCd/')}`);
  });

  it('never shadows our own routes, files or languages with a username', async () => {
    expect((await app.inject({ url: '/fr', headers: visit() })).statusCode).toBe(200);
    expect((await app.inject({ url: '/instagram-reels-downloader', headers: visit() })).statusCode).toBe(200);
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    const reels = await app.inject({ url: '/reels/', headers: visit() });
    expect([reels.statusCode, reels.headers.location]).toEqual([301, '/reels']);
    const contact = await app.inject({ url: '/contact/', headers: visit() });
    expect([contact.statusCode, contact.headers.location]).toEqual([301, '/contact']);
    for (const url of ['/favicon.ico', '/wp-login.php', '/.env', '/evil.com', '/index.html', '/p/', '/explore/']) {
      expect((await app.inject({ url, headers: visit() })).statusCode, url).toBe(404);
    }
  });

  it('marks a page that looks a link up on arrival as not for indexing, and leaves the page itself indexable', async () => {
    expect((await app.inject({ url: '/instagram-reels-downloader?url=x', headers: visit() })).headers['x-robots-tag']).toBe('noindex');
    expect((await app.inject({ url: '/instagram-reels-downloader', headers: visit() })).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('sitemap and robots', () => {
  it('lists every page in every language with alternates', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://gramsave.example/ja/instagram-story-download</loc>');
    expect(res.body).toContain('hreflang="x-default" href="https://gramsave.example/instagram-story-download"');
    expect(res.body).not.toContain('<loc>https://gramsave.example/video</loc>');
  });

  it('lists the Threads page (issue 40) in all 22 languages, each with every language as an alternate', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    const entries = [...res.body.matchAll(/<url>[\s\S]*?<\/url>/g)].map(([entry]) => entry).filter((entry) => /<loc>[^<]*\/threads-downloader<\/loc>/.test(entry));
    expect(entries).toHaveLength(LANGUAGE_CODES.length);
    for (const entry of entries) {
      for (const lang of LANGUAGE_CODES) expect(entry).toContain(`hreflang="${lang}" href="https://gramsave.example${localizePath(lang, '/threads-downloader')}"`);
      expect(entry).toContain('hreflang="x-default" href="https://gramsave.example/threads-downloader"');
    }
  });

  it('names the sitemap in robots.txt', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.body).toContain('Sitemap: https://gramsave.example/sitemap.xml');
  });
});
