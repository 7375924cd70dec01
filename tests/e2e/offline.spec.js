// Offline and installable (sw.js, web/offline.js, manifest.webmanifest): after one visit the
// playground, the engine worker's solver and the lessons load and work with the network cut.
import { test, expect } from "@playwright/test";
import { loadedBuild, siteCopy } from "../browsers/server.mjs";
import { clickMove, expectTurns, fen, openPage, screenshot } from "./helpers.js";

test.use({ serviceWorkers: "allow" });
// Each test fills the cache, reloads and waits on the service worker's install and activate steps,
// which take 19-26 s of the default 30 s at load 20 with two workers: three times the limit.
test.describe.configure({ timeout: 90_000 });

test("after a first visit the page plays, solves and teaches with no network", async ({ page, context }, testInfo) => {
  const errors = await openPage(page);
  // The worker takes the first page over as soon as its cache is full.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe("activated");
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector("link[rel=manifest]").href)).json());
  expect(manifest.icons[0].src).toBe("pkg/icon.svg");

  await context.setOffline(true);
  const fromNetwork = [];
  context.on("response", (response) => { if (!response.fromServiceWorker()) fromNetwork.push(response.url()); });
  // What the cache does not hold really fails: the network is cut.
  expect(await page.evaluate(() => fetch("README.md").then(() => "loaded", () => "failed"))).toBe("failed");
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await clickMove(page, "e2", "e4");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);

  // The solver: the engine worker's script and wasm come from the cache too.
  await page.locator("#solve-panel").evaluate((details) => { details.open = true; });
  await page.fill("#solve-text", "grolman 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1");
  await page.click("#solve-start");
  await expect(page.locator("#solve-output")).toContainText("1.Ra8 (Bb2-a1)#!", { timeout: 15_000 });
  await screenshot(page, testInfo, "offline-solved");

  await page.click("#learn-link");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect.poll(() => page.evaluate(() => {
    const states = [...document.querySelectorAll("grolman-board")].map((b) => b.shadowRoot.querySelector(".frame")?.dataset.state);
    return states.length > 0 && states.every((state) => state === "ready");
  })).toBe(true);
  await screenshot(page, testInfo, "offline-lessons");
  expect(fromNetwork).toEqual([]);
  expect(errors).toEqual([]);
});

const POSITION = "4k3/8/b7/8/8/8/4K3/2N5 w - - 0 1";

test("a new build is said to be ready and takes effect on the next load", async ({ page }, testInfo) => {
  // A copy of the site of its own (tests/browsers/server.mjs, shared with the cross-browser
  // run's offline scenario), so that the test can make a new build of it: `mark` marks a build in
  // the page's HTML and in its stylesheet, and `loaded` reads both marks, since the page's own
  // document must come from the same build as its files.
  const site = await siteCopy();
  try {
    const builds = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("grolman-")));
    const loaded = () => page.evaluate(loadedBuild);
    // A shared position: the URL's fragment must outlive the load that lets the new build in.
    await page.goto(`${site.base}index.html#variant=grolman&fen=${encodeURIComponent(POSITION)}`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe("activated");
    const [first] = await builds();
    await expect(page.locator("#update-note")).toBeHidden();

    site.mark("the next build");
    await page.reload();
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    // This load is still the first build's; the second one waits and the page says so.
    await expect(page.locator("#update-note")).toContainText("A new version is ready: it takes effect the next time the page loads.", { timeout: 15_000 });
    expect(await loaded()).toEqual({ page: "", css: "" });
    await screenshot(page, testInfo, "new-version-ready");
    // The note speaks the page's language, and follows the picker while it shows.
    for (const [code, ready, now] of [
      ["ru", "Готова новая версия: она заработает при следующей загрузке страницы.", "Загрузить сейчас"],
      ["es", "Hay una versión nueva lista: se aplicará la próxima vez que se cargue la página.", "Cargarla ahora"],
      ["de", "Eine neue Version ist bereit und gilt ab dem nächsten Laden der Seite.", "Jetzt laden"],
      ["en", "A new version is ready: it takes effect the next time the page loads.", "Load it now"],
    ]) {
      await page.locator("#language").selectOption(code);
      await expect(page.locator("#update-note")).toContainText(ready);
      await expect(page.locator("#update-note button")).toHaveText(now);
    }

    const before = page.url();
    expect(before).toContain("fen=");
    // The position must come back from the fragment alone, not from the game the page stored.
    await page.evaluate(() => localStorage.removeItem("grolman.game"));
    // The worker answers this load with a page that loads again once the new build is active
    // (its activate step, then a second load): at load 10 in CI this took more than 15 s.
    await page.reload();
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true", { timeout: 45_000 });
    // The document itself is the new build's, not only the files fetched after it.
    expect(await loaded()).toEqual({ page: "the next build", css: "the next build" });
    expect(page.url()).toBe(before);
    expect(await fen(page)).toBe(POSITION);
    // The old build's cache goes in the worker's activate step, which may lag behind the load.
    await expect.poll(builds, { timeout: 15_000 }).toEqual([expect.not.stringMatching(first)]);
    await expect(page.locator("#update-note")).toBeHidden();

    // After a rebuild (`make play`), the note's button takes the new build at once: no second
    // reload to find it.
    const [second] = await builds();
    site.mark("the build after that");
    await page.reload();
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    const now = page.locator("#update-note button");
    await expect(now).toHaveText("Load it now", { timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, testInfo, "new-version-button-phone");
    await now.click();
    await expect.poll(() => loaded().catch(() => null), { timeout: 15_000 })
      .toEqual({ page: "the next build, the build after that", css: "the build after that" });
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await expect(page.locator("#update-note")).toHaveCount(0);
    await expect.poll(builds).toEqual([expect.not.stringMatching(second)]);
  } finally {
    await site.remove();
  }
});

test("the lessons page registers the service worker too", async ({ page }) => {
  await page.goto("learn.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe("activated");
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(new URL(registered).pathname).toBe("/sw.js");
});

test("the playground registers the service worker only after its board is playable and its engine warm-up has begun", async ({ page }) => {
  // What the page started, in order: the engine's workers and the service worker's registration.
  await page.addInitScript(() => {
    window.started = [];
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      window.started.push({ what: "service worker", playable: Boolean(window.grolman) });
      return register.apply(this, args);
    };
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        window.started.push({ what: "worker", playable: Boolean(window.grolman) });
      }
    };
  });
  const errors = await openPage(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe("activated");
  const started = await page.evaluate(() => window.started);
  expect(started.map((entry) => entry.what)).toEqual(["worker", "service worker"]);
  expect(started.every((entry) => entry.playable)).toBe(true);
  expect(errors).toEqual([]);
});
