// Offline use: registers the service worker (sw.js, at the site's root so that its scope is every
// page) once the page is playable, and says when a newer build has been fetched and waits for the
// next load. Pages without service workers (file://, old browsers) simply stay online-only.

const READY = "A new version is ready: it takes effect the next time the page loads.";

/** Registers sw.js; `say(text)` is called once a new version waits. */
export function keepOffline(say) {
  if (!("serviceWorker" in navigator)) return;
  const url = new URL("../sw.js", import.meta.url);
  navigator.serviceWorker.register(url, { scope: new URL("../", import.meta.url).pathname, updateViaCache: "none" }).then((registration) => {
    // A worker that installs while another one controls this page is a newer build.
    const watch = (worker) => worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) say(READY);
    });
    if (registration.waiting && navigator.serviceWorker.controller) say(READY);
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
  }).catch((error) => console.warn("offline use unavailable:", error.message));
}
