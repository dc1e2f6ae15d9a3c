// Barrio's service worker, hand-written (docs/decisions/012-discovery-featured-previews-service-worker.md).
// The build (scripts/vite-plugins.ts) replaces the placeholder below with this build's app shell —
// index.html, the entry script and what it imports, their styles, the manifest and icons — and a version made from the build's file
// names, so that every deploy installs afresh and drops the previous cache.
// Every other screen's own chunk is cached the first time it loads.
//
// - /api is never cached: prices, services and bookings must be live.
// - Page loads go to the network first; offline they get the cached app shell (/index.html, the
//   page without any server-added data), which then says that the network is missing
//   (src/web/pwa/offline-banner.tsx). The shell holds no language of its own: the app starts in the
//   visitor's stored choice, else their browser's (decision 068), so it never shows a language
//   cached for someone else.
//   Pages are never cached here: they differ by language and by session.
// - /assets/* are content-hashed and never change: cache first, kept once fetched.

const precache = self.__BARRIO_PRECACHE__;
const cacheName = `barrio-${precache.version}`;
const precached = new Set(precache.urls);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(precache.urls))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('barrio-') && key !== cacheName)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/') || precached.has(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName });
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}
