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
  if (event.data !== "take-over") return;
  self.skipWaiting();
  // The build this one replaces waits for this answer (handOver below).
  event.ports[0]?.postMessage("taking over");
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("grolman-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** When the last page left loads again, a waiting build takes over: true when it agreed to. This
 *  worker cannot wait for it to become active while it handles the navigation, since the browser
 *  activates it only once that is answered; so the navigation is answered with a page (`RELOAD`)
 *  that waits for the new build to be active and then loads itself again (`location.reload()`
 *  keeps the URL's fragment), and that load is the new build's from its first file. */
let handedOver = -Infinity;
async function handOver() {
  const next = self.registration.waiting;
  if (!next) return false;
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length > 1) return false;
  // Once: should the reload reach this worker still, it serves its own build.
  if (Date.now() - handedOver < 10_000) return false;
  const channel = new MessageChannel();
  const agreed = new Promise((done) => {
    channel.port1.onmessage = () => done(true);
    setTimeout(() => done(false), 5000);
  });
  next.postMessage("take-over", [channel.port2]);
  if (!(await agreed)) return false;
  handedOver = Date.now();
  return true;
}

/** A navigation that reaches the browser before the new build is active would come back here,
 *  or stall (seen in Chromium 156: about 1 load in 10 under load). So the page polls the registration, and loads
 *  again once no build waits and the active one is activated, or after 5 s in any case. */
const RELOAD = `<!doctype html><meta charset="utf-8"><title>Grolman</title><style>html{background:#f6f4ef}</style>
<script>
let tries = 0;
(function wait() {
  navigator.serviceWorker.getRegistration().then((r) => {
    if ((r && !r.waiting && r.active?.state === "activated") || ++tries > 50) location.reload();
    else setTimeout(wait, 100);
  }, () => location.reload());
})();
</script>`;

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const navigation = request.mode === "navigate";
    if (navigation && (await handOver())) {
      return new Response(RELOAD, { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    const cache = await caches.open(CACHE);
    // A page's query (embed.html?fen=...) is read by its script, not by the server.
    const key = navigation && url.pathname.endsWith("/") ? new URL("index.html", url) : request;
    return (await cache.match(key, { ignoreSearch: navigation })) ?? fetch(request);
  })());
});
