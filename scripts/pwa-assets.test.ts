import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, textDirection } from '../src/shared/language-codes.ts';
import { TOOLS } from '../src/shared/tools.ts';
import { supportedLanguage } from '../src/shared/language-match.ts';
import { shellOf, siteFacts, writeServiceWorker } from './pwa-assets.mjs';

describe('the service worker’s facts of the site', () => {
  const facts = siteFacts();

  it('are the languages (default first) and the seven tool pages of the TypeScript tables', () => {
    expect(facts.languages).toEqual([...LANGUAGE_CODES]);
    expect(facts.toolPaths).toEqual(TOOLS.map((tool) => tool.path));
  });

  it('hold the browser codes the page’s detector reads as another of our languages', () => {
    expect(Object.keys(facts.aliases).length).toBeGreaterThan(0);
    for (const [code, lang] of Object.entries(facts.aliases)) expect(supportedLanguage(code)).toBe(lang);
  });

  it('hold each language’s own offline strings and direction', () => {
    for (const lang of LANGUAGE_CODES) {
      const common = JSON.parse(readFileSync(`content/locales/${lang}/common.json`, 'utf8')) as { offline: Record<string, string> };
      expect(facts.offline[lang]).toEqual({ ...common.offline, dir: textDirection(lang) });
    }
  });

  it('are written into the worker, with no placeholder left', async () => {
    const build = mkdtempSync(path.join(tmpdir(), 'gramsave-sw-'));
    try {
      mkdirSync(build, { recursive: true });
      writeFileSync(path.join(build, 'index.html'), '<link rel="stylesheet" href="/assets/root-abc.css"><script type="module" src="/assets/entry-abc.js"></script>');
      writeServiceWorker(build, 'scripts/service-worker.js');
      const code = readFileSync(path.join(build, 'sw.js'), 'utf8');
      expect(code).not.toMatch(/__VERSION__|\/\* (shell|languages|tool paths|offline) \*\//);
      expect(code).toContain(JSON.stringify(facts.toolPaths));
      expect(code).toContain('"/assets/root-abc.css"');
      expect(code).toContain(JSON.stringify(facts.offline.fr!.title));
      // It parses as a script.
      expect(() => new Function(code)).not.toThrow();
      // Its offline page links to the address's language's home, besides Retry (issue 37 point 15).
      const worker = { self: { addEventListener: () => undefined }, Response, URL } as Record<string, unknown>;
      runInNewContext(code, worker);
      const offlinePage = worker.offlinePage as (url: URL) => Response;
      for (const [address, home] of [['https://g.example/fr/blog?x=1', '/fr'], ['https://g.example/contact', '/'], ['https://g.example/ar/blog', '/ar']] as const) {
        const html = await offlinePage(new URL(address)).text();
        const lang = home === '/' ? 'en' : home.slice(1);
        expect(html, address).toContain(`<a class="home" href="${home}">${facts.offline[lang]!.home}</a>`);
        expect(html, address).toContain(`>${facts.offline[lang]!.retry}</a>`);
      }
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});

describe('the shell the worker keeps', () => {
  it('holds every route module with its imports and styles, so a move inside the app offline finds the page’s code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gramsave-shell-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), '<html><head><script src="/assets/manifest-abc.js"></script><link rel="modulepreload" href="/assets/start-1.js"></head></html>');
      const routes = {
        root: { module: '/assets/root-1.js', imports: ['/assets/start-1.js'], css: ['/assets/start-1.css'] },
        blog: { module: '/assets/blog-1.js', imports: ['/assets/shared-1.js'] },
      };
      writeFileSync(path.join(dir, 'assets', 'manifest-abc.js'), `window.__reactRouterManifest=${JSON.stringify({ entry: {}, routes })};`);
      expect(shellOf(dir).sort()).toEqual(
        ['/', '/assets/blog-1.js', '/assets/manifest-abc.js', '/assets/root-1.js', '/assets/shared-1.js', '/assets/start-1.css', '/assets/start-1.js', '/favicon.svg', '/icons/icon-192.png', '/manifest.webmanifest'].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds the browser entry and its imports, which no link in the page names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gramsave-shell-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body><script>start()</script></body></html>');
      const manifest = { entry: { module: '/assets/entry.client-1.js', imports: ['/assets/runtime-1.js', '/assets/start-1.js'] }, routes: {} };
      writeFileSync(path.join(dir, 'assets', 'manifest-abc.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
      expect(shellOf(dir).filter((href) => href.startsWith('/assets/')).sort()).toEqual(['/assets/entry.client-1.js', '/assets/manifest-abc.js', '/assets/runtime-1.js', '/assets/start-1.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds what the shell’s code loads when used (deferred parts, the results), and theirs, once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gramsave-shell-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), '<html><head><link rel="modulepreload" href="/assets/start-1.js"></head></html>');
      writeFileSync(path.join(dir, 'assets', 'start-1.js'), 'const H=()=>import(`./Header-1.js`);import{a}from"./shared-1.js";');
      writeFileSync(path.join(dir, 'assets', 'Header-1.js'), 'import{b}from"./shared-1.js";const L=()=>import("./LanguageList-1.js");');
      writeFileSync(path.join(dir, 'assets', 'LanguageList-1.js'), 'import{c}from"./start-1.js";');
      expect(shellOf(dir).filter((href) => href.startsWith('/assets/')).sort()).toEqual(
        ['/assets/Header-1.js', '/assets/LanguageList-1.js', '/assets/shared-1.js', '/assets/start-1.js'].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
