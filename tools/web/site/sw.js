// The service worker: once the page has loaded, every file of the site is kept in a cache
// named by the build's version (tools/web/build.py writes it here), so the scorekeeper opens
// and runs with no network. A new build is a new version: its worker caches the new files,
// takes over, and drops the old cache.
const CACHE = "scorekeeper-__VERSION__";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const site = await (await fetch("site.json", { cache: "reload" })).json();
    const cache = await caches.open(CACHE);
    await cache.addAll(site.cache.map((path) => new Request(path, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  // the page's own query (?board=…&lang=…) is the same file
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((kept) => kept || fetch(request)));
});
