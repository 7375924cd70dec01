// The service worker: after a first visit the playground, the lessons, the engine worker and the
// solver (their scripts and wasm) load with no network. One cache per build (pkg/precache.js,
// written by scripts/offline.mjs, names the build and its files), filled whole before this
// worker takes over, so that a page never mixes two builds' files.
// A new build installs beside the running one and waits; the page says that it is ready
// (web/offline.js), and it takes effect on the next load: a navigation of the last tab lets it
// in, and that load is served from the new build's cache from its first file.
importScripts("pkg/precache.js");

const CACHE = `grolman-${self.GROLMAN_BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" skips the HTTP cache: the files are the server's, not an older copy.
    await cache.addAll(self.GROLMAN_FILES.map((path) => new Request(path, { cache: "reload" })));
    // The first version has nobody to wait for.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("grolman-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The build that serves this worker's fetches: its own, or, once it has handed the site over to a
 *  newer one, that one's (the page that asked for it is the newer build's from its first file). */
let serving = CACHE;

/** On a navigation of the one page left, the waiting build takes over: true when it did. */
async function handOver() {
  const next = self.registration.waiting;
  if (!next) return false;
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length > 1) return false;
  const active = new Promise((done) => {
    next.addEventListener("statechange", () => next.state === "activated" && done(true));
    setTimeout(() => done(false), 3000);
  });
  next.postMessage("take-over");
  if (!(await active)) return false;
  // The new build deleted the others' caches when it became active: its own is the one left.
  serving = (await caches.keys()).find((name) => name.startsWith("grolman-")) ?? CACHE;
  return true;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const navigation = request.mode === "navigate";
    if (navigation && serving === CACHE) await handOver();
    const cache = await caches.open(serving);
    // A page's query (embed.html?fen=...) is read by its script, not by the server.
    const key = navigation && url.pathname.endsWith("/") ? new URL("index.html", url) : request;
    return (await cache.match(key, { ignoreSearch: navigation })) ?? fetch(request);
  })());
});
