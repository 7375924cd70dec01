// Offline use: registers the service worker (sw.js, at the site's root so that its scope is every
// page) once the page is ready, from the playground and the lessons alike, and says when a newer
// build has been fetched: it takes effect on the next load, or at once from the note's button
// (after a rebuild under `make play`, the reload that fetched it still shows the old build).
// Pages without service workers (file://, old browsers) simply stay online-only.
// The note speaks the page's language (update.* of the catalogs) and follows a change of it.
import { onLanguageChange, t } from "./i18n/index.js";

let stopFollowing = null;

/** The note, made the first time a page needs it, with its own stylesheet (offline.css). */
function showReady(registration) {
  let note = document.getElementById("update-note");
  if (!note) {
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = new URL("./offline.css", import.meta.url).href;
    document.head.append(style);
    note = document.createElement("p");
    note.id = "update-note";
    note.className = "update-note";
    note.setAttribute("role", "status");
    document.body.append(note);
  }
  const now = document.createElement("button");
  now.type = "button";
  now.addEventListener("click", () => {
    now.disabled = true;
    // The waiting build takes over every page of the site; this one then loads from it.
    const waiting = registration.waiting;
    if (!waiting) {
      location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage("take-over");
  });
  const say = () => {
    now.textContent = t("update.now");
    note.replaceChildren(t("update.ready"), " ", now);
  };
  say();
  stopFollowing?.();
  stopFollowing = onLanguageChange(say);
  note.hidden = false;
}

/** Registers sw.js, and shows the note once a new version waits. */
export function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  const url = new URL("../sw.js", import.meta.url);
  navigator.serviceWorker.register(url, { scope: new URL("../", import.meta.url).pathname, updateViaCache: "none" }).then((registration) => {
    // A worker that installs while another one controls this page is a newer build.
    const watch = (worker) => worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showReady(registration);
    });
    if (registration.waiting && navigator.serviceWorker.controller) showReady(registration);
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
  }).catch((error) => console.warn("offline use unavailable:", error.message));
}
