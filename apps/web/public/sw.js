/*
 * Kontor's service worker (scope /app/). Hand-written on purpose: it does three things and no more.
 * 1. Install: precaches the app shell (index.html, the start-up chunks, the login, shell and home screens with
 *    their texts, icons), so Kontor starts without a network. The build (vite.config.ts, kontor:service-worker)
 *    fills in BUILD and PRECACHE below; a new build therefore means a new worker, which waits.
 * 2. Waiting: a new version never takes over by itself; the page asks the user ("Update available") and sends
 *    SKIP_WAITING on "Update now" (src/app/pwa.ts), then reloads once.
 * 3. Fetch: hashed assets cache-first (they never change), other app files network-first with the cache as
 *    fallback, page navigations network-first with the cached index.html when offline.
 * The API (/app/api/) is never touched: its answers are per user and tenant and carry Cache-Control: no-store.
 */
const BUILD = "development";
const PRECACHE = [];

const CACHE = `kontor-${BUILD}`;
const BASE = new URL("./", self.location.href).pathname; // "/app/"
const API = `${BASE}api/`;
const ASSETS = `${BASE}assets/`;
const INDEX = `${BASE}index.html`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("kontor-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      ),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request, fallback) {
  try {
    const response = await fetch(request);
    if (response.ok && !fallback) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(fallback ?? request, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith(BASE) || url.pathname.startsWith(API)) return;
  if (url.pathname === `${BASE}sw.js`) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, INDEX));
  } else if (url.pathname.startsWith(ASSETS)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
