// Gramsave's service worker (scripts/pwa-assets.mjs fills in the version and the shell list at build time).
// It keeps the app shell (the home page and the scripts and styles it loads) so the installed app starts
// offline, and the pages visited, network first. It never touches API answers or media: /api/ and every
// other origin go straight to the network, uncached.
const VERSION = '__VERSION__';
const SHELL = /* shell */ [];
const SHELL_CACHE = `gramsave-shell-${VERSION}`;
const PAGE_CACHE = 'gramsave-pages';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('gramsave-shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** A page from the network (kept for offline visits), else the copy kept, else the home page's shell. */
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
  } catch (error) {
    const kept = (await caches.match(key)) || (url.pathname === '/' ? await caches.match('/') : undefined);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  // Hashed assets never change: the kept copy is the file.
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreSearch: true }).then((kept) => kept || fetch(request)));
  }
});
