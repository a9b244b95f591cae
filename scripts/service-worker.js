// Gramsave's service worker (scripts/pwa-assets.mjs fills in the version, the shell list, the languages, the tool
// pages and the offline strings at build time).
// It keeps the app shell (the home page and the scripts and styles it loads) so the installed app starts
// offline, the pages visited, network first, and the home and seven tool pages of the visitor's language (the language
// of the pages open when it starts, then of each page opened), with what they load, so a tool not yet visited opens
// offline too. Offline, `/` (the installed app's start) goes where the server's redirect would: to the home of the
// saved language (the last page's, which every page records in a cookie), else of the browser's. Any other page that cannot be reached offline gets our own offline page, in its language, with a
// way to try again and a link to that language's home (kept, so it opens offline). It never touches API answers or media: /api/ and every other origin go straight to the
// network, uncached.
const VERSION = '__VERSION__';
const SHELL = /* shell */ [];
/** The site's languages; the first is the default, whose pages have no prefix. */
const LANGUAGES = /* languages */ [];
const TOOL_PATHS = /* tool paths */ [];
/** Codes browsers send for two of our languages (src/shared/language-match.ts). */
const ALIASES = /* aliases */ {};
/** Per language: title, body, retry, the link home and dir of the offline page. */
const OFFLINE = /* offline */ {};
const SHELL_CACHE = `gramsave-shell-${VERSION}`;
const PAGE_CACHE = 'gramsave-pages';
/** The home and tool pages of one language only (and their route data), for this build. */
const TOOLS_CACHE = `gramsave-tools-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const current = (key) => key === SHELL_CACHE || key === TOOLS_CACHE || !/^gramsave-(shell|tools)-/.test(key);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => !current(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
      // The pages open now (the first visit, before this worker ran) say the visitor's language.
      .then(() => self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      .then((windows) => (windows[0] ? keepToolPages(languageOf(new URL(windows[0].url).pathname)) : undefined)),
  );
});

function languageOf(pathname) {
  const first = pathname.split('/')[1];
  return LANGUAGES.includes(first) ? first : LANGUAGES[0];
}

/** As localizePath (src/shared/routes.ts): a language's home is `/fr`, not `/fr/`. */
function localize(lang, path) {
  if (lang === LANGUAGES[0]) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

/** The scripts and stylesheets a page's HTML loads from our build. */
function assetsIn(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"?#]+)"/g)) found.add(match[1]);
  return [...found];
}

let kept = null;
/**
 * Keeps the home and seven tool pages of a language, their route data and what they load, in place of another
 * language's. One language at a time keeps the cache small; a failure leaves what was kept and is tried again next time.
 */
function keepToolPages(lang) {
  if (!lang || kept === lang) return Promise.resolve();
  kept = lang;
  const pages = [localize(lang, '/'), ...TOOL_PATHS.map((path) => localize(lang, path))];
  const wanted = new Set(pages.flatMap((page) => [page, dataOf(page)]));
  return (async () => {
    const held = (await (await caches.open(TOOLS_CACHE)).keys()).map((request) => new URL(request.url).pathname);
    // Another language's pages are replaced only once this one's have all come (offline, they stay).
    const replacing = held.some((path) => !wanted.has(path));
    const fetched = [];
    const missing = [];
    for (const page of pages) {
      if (!replacing && held.includes(page)) continue;
      const response = await fetch(page, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${page}: ${response.status}`);
      const html = await response.clone().text();
      fetched.push([page, response]);
      for (const asset of assetsIn(html)) if (!(await caches.match(asset))) missing.push(asset);
      // The data a client-side move between the pages asks for (React Router's prerendered .data files).
      const data = await fetch(dataOf(page), { credentials: 'same-origin' }).catch(() => null);
      if (data && data.ok) fetched.push([dataOf(page), data]);
    }
    await (await caches.open(SHELL_CACHE)).addAll([...new Set(missing)]);
    if (replacing) await caches.delete(TOOLS_CACHE);
    const cache = await caches.open(TOOLS_CACHE);
    for (const [key, response] of fetched) await cache.put(key, response);
  })().catch(() => {
    kept = null;
  });
}

/** A page's prerendered route data (React Router names the root's `/_root.data`). */
function dataOf(page) {
  return page === '/' ? '/_root.data' : `${page}.data`;
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Our offline page for an address that could not be reached, in the address's language; Retry opens it again, and
 * the link home opens the language's home page, which the worker keeps.
 */
function offlinePage(url) {
  const lang = languageOf(url.pathname);
  const text = OFFLINE[lang] || OFFLINE[LANGUAGES[0]];
  const html = `<!doctype html>
<html lang="${lang}" dir="${text.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#15803d">
<title>${escapeHtml(text.title)} · Gramsave</title>
<style>
:root { color-scheme: light dark; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #fff; color: #0f172a; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { max-width: 36rem; padding: 2rem; text-align: center; }
.brand { margin: 0; font-size: 1.5rem; font-weight: 700; color: #166534; }
h1 { margin: 1rem 0 0.5rem; font-size: 1.5rem; }
p { margin: 0; color: #334155; }
a { display: inline-flex; align-items: center; min-height: 2.75rem; margin-top: 1.5rem; padding: 0 1.5rem; border-radius: 0.5rem; background: #15803d; color: #fff; font-weight: 600; text-decoration: none; }
a:hover { background: #166534; }
.links { display: flex; flex-wrap: wrap; justify-content: center; gap: 0 0.75rem; }
a.home { background: transparent; color: #166534; text-decoration: underline; }
a.home:hover { background: transparent; color: #14532d; }
a:focus-visible { outline: 2px solid #15803d; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  body { background: #0f172a; color: #f1f5f9; }
  .brand, a.home { color: #4ade80; }
  p { color: #cbd5e1; }
}
</style>
</head>
<body>
<main data-offline-page>
<p class="brand">Gramsave</p>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.body)}</p>
<div class="links">
<a href="${escapeHtml(url.pathname + url.search)}">${escapeHtml(text.retry)}</a>
<a class="home" href="${escapeHtml(localize(lang, '/'))}">${escapeHtml(text.home)}</a>
</div>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

/** The language whose pages are kept: the last page's, the one every page saves as the visitor's (saved-language.ts). */
async function keptLanguage() {
  if (kept) return kept;
  const first = (await (await caches.open(TOOLS_CACHE)).keys())[0];
  return first ? languageOf(new URL(first.url).pathname) : undefined;
}

/** The browser's first language we have, as the page's detector reads it. */
function browserLanguage() {
  for (const code of self.navigator.languages || []) {
    const base = code.toLowerCase().split(/[-_]/)[0];
    const lang = ALIASES[base] || base;
    if (LANGUAGES.includes(lang)) return lang;
  }
  return undefined;
}

/**
 * The saved language as the server reads it (the `i18next` cookie every page writes, src/client/lib/saved-language.ts),
 * where the worker can read cookies (Chromium's cookieStore); elsewhere the kept pages' language stands for it.
 */
async function savedLanguage() {
  try {
    const cookie = self.cookieStore ? await self.cookieStore.get('i18next') : null;
    return cookie && LANGUAGES.includes(cookie.value) ? cookie.value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Offline, where `/` goes, by the server's rule (src/server/http/visitor-language.ts): the saved language's home,
 * else the browser's; none for the default.
 */
async function preferredHome() {
  for (const lang of [(await savedLanguage()) || (await keptLanguage()), browserLanguage()]) {
    if (!lang) continue;
    if (lang === LANGUAGES[0]) return undefined;
    const home = localize(lang, '/');
    if (await caches.match(home)) return home;
  }
  return undefined;
}

/** A page from the network (kept for offline visits), else the copy kept, else the home page's shell, else ours. */
async function page(request) {
  const url = new URL(request.url);
  const key = url.origin + url.pathname;
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').startsWith('text/html')) {
      const copy = response.clone();
      void caches.open(PAGE_CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch {
    const home = url.pathname === '/' ? await preferredHome() : undefined;
    if (home) return Response.redirect(new URL(home + url.search + url.hash, url.origin).href, 302);
    const kept = (await caches.match(key)) || (url.pathname === '/' ? await caches.match('/') : undefined);
    return kept || offlinePage(url);
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    // Each page opened says the visitor's language: its home and tool pages are kept, after the page is answered.
    // Not `/`: it is the door that sends the visitor to their own language.
    if (url.pathname !== '/') event.waitUntil(keepToolPages(languageOf(url.pathname)));
    return;
  }
  // Hashed assets never change: the kept copy is the file.
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreSearch: true }).then((kept) => kept || fetch(request)));
    return;
  }
  // A kept tool page's route data, when the network cannot give it (a move between the tools offline).
  if (url.pathname.endsWith('.data')) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname).then((kept) => kept || Response.error())));
  }
});
