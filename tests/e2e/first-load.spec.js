// The first load (issue 20.4): the board is playable before the side panels' modules and the
// rules' extras package (PGN, the diagram SVG, the board editor) are even asked for; they load
// after it, and the extras when a panel first needs them. The page loads its scripts as the
// bundles of scripts/build-web.mjs (build/modules.json says which source modules each file holds),
// and of its language's texts first only what the board needs (ui.js), the rules' errors and the
// panels' texts once it is playable, never the lessons'.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { clickMove, expectTurns, openPage, turnButtons } from "./helpers.js";

const modules = JSON.parse(readFileSync(new URL("../../build/modules.json", import.meta.url), "utf8"));
/** The path of the file of build/ that holds the source module `module` in the playground's build. */
const fileOf = (module) => {
  const file = Object.keys(modules).find((path) => path.startsWith("build/play/") && modules[path].includes(module));
  return file && `/${file}`;
};

/** The site's paths the page asked for, with the time each request started. */
const requests = (page) => page.evaluate(() => ({
  readyAt: window.grolman.readyAt,
  loaded: performance.getEntriesByType("resource").map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
}));

test("the board is playable before the panels and the extras package load", async ({ page }) => {
  const errors = await openPage(page);
  const { readyAt, loaded } = await requests(page);
  const before = loaded.filter((r) => r.at < readyAt).map((r) => r.path);
  expect(before).toContain("/pkg/grolman_bg.wasm");
  for (const later of ["web/ui/panels.js", "web/ui/opponent.js", "web/ui/analysis.js", "web/ui/solve.js", "web/edit/studio.js"]) {
    expect(fileOf(later), later).toBeTruthy();
    expect(before, later).not.toContain(fileOf(later));
    expect(loaded.map((r) => r.path), later).toContain(fileOf(later));
  }
  expect(loaded.filter((r) => r.path.startsWith("/pkg/extras/"))).toEqual([]);

  // The PGN dialog is the first to need the extras: it opens with the game's PGN written there.
  await clickMove(page, "e2", "e4");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  await page.click("#pgn-open");
  await expect(page.locator("#pgn-text")).toHaveValue(/1\. e4 \{\(Ng1-e2, Rh1-g1\)\} \*/);
  const after = (await requests(page)).loaded.map((r) => r.path);
  expect(after).toContain("/pkg/extras/grolman_extras_bg.wasm");
  expect(errors).toEqual([]);
});

test("the playground loads its scripts bundled, and its language without the lessons' texts, the errors' and the panels' after the board", async ({ page }) => {
  const errors = await openPage(page);
  const { readyAt, loaded } = await requests(page);
  const before = loaded.filter((r) => r.at < readyAt).map((r) => r.path);
  // No source module of web/ or pkg/ is fetched as such: they come in build/play/'s files.
  expect(before.filter((path) => /^\/(web|pkg)\/.*\.js$/.test(path))).toEqual([]);
  expect(before).toContain(fileOf("web/main.js"));
  expect(before).toContain(fileOf("web/i18n/en/ui.js"));
  const held = loaded.flatMap((r) => modules[r.path.slice(1)] ?? []);
  expect(held.filter((module) => module.includes("lessons"))).toEqual([]);
  // The rules' errors and the panels' texts come once the board is playable.
  for (const later of ["web/i18n/en/errors.js", "web/i18n/en/panels.js"]) {
    expect(before).not.toContain(fileOf(later));
    expect(loaded.map((r) => r.path)).toContain(fileOf(later));
  }
  expect(errors).toEqual([]);
});

test("the served page preloads every script the board needs, its language's catalog included", async ({ browser }) => {
  // The language the page will choose: the browser's (Russian), and a stored choice over it.
  for (const [locale, stored, code] of [["ru-RU", null, "ru"], ["ru-RU", "de", "de"], ["en-US", null, "en"]]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    if (stored) await page.addInitScript((language) => localStorage.setItem("grolman.prefs", JSON.stringify({ language })), stored);
    const errors = await openPage(page);
    const { readyAt, loaded } = await requests(page);
    const scripts = loaded.filter((r) => r.at < readyAt && r.path.endsWith(".js")).map((r) => r.path);
    // Links of the served HTML, and those its inline script added before any module ran.
    const preloaded = await page.evaluate(() => [...document.querySelectorAll("link[rel=modulepreload]")].map((link) => new URL(link.href).pathname));
    const served = await (await page.request.get("index.html")).text();
    expect(scripts).toContain(fileOf(`web/i18n/${code}/ui.js`));
    for (const script of scripts) {
      expect(preloaded, `${locale} ${stored}: ${script}`).toContain(script);
      if (script !== fileOf(`web/i18n/${code}/ui.js`)) expect(served).toContain(`<link rel="modulepreload" href="${script.slice(1)}">`);
    }
    for (const other of ["en", "ru", "es", "de"].filter((language) => language !== code)) {
      expect(preloaded).not.toContain(fileOf(`web/i18n/${other}/ui.js`));
    }
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("the served page holds its stylesheet, and its head's script compiles the wasm that main.js instantiates: one fetch of it", async ({ page }) => {
  const wasmFetches = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/pkg/grolman_bg.wasm") wasmFetches.push(request.resourceType());
  });
  const errors = await openPage(page);
  const { readyAt, loaded } = await requests(page);
  // No stylesheet request before the board (one of the six the browser opens at once), and yet styled.
  expect(loaded.filter((r) => r.at < readyAt && r.path.endsWith(".css")).map((r) => r.path)).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("#board-host")).getPropertyValue("--dark").trim())).toBe("#b58863");
  // The head's compile (web/boot.js) is what the board runs on: the preloaded response, not a second fetch.
  expect(await page.evaluate(async () => (await globalThis.grolmanWasm) instanceof WebAssembly.Module)).toBe(true);
  expect(wasmFetches).toHaveLength(1);
  await clickMove(page, "e2", "e4");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  expect(errors).toEqual([]);
});

test("a page in English opens with the texts of its HTML: none is written again, and a change of language writes them", async ({ page }) => {
  // Every replacement of a translated element's text, counted from the document's start.
  await page.addInitScript(() => {
    window.rewritten = [];
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.removedNodes.length && record.target.dataset?.i18n) window.rewritten.push(record.target.dataset.i18n);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const errors = await openPage(page);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  expect(await page.evaluate(() => window.rewritten)).toEqual([]);
  await page.locator("#language").selectOption("de");
  await expect(page.locator("#flip")).toHaveText("Drehen");
  expect((await page.evaluate(() => window.rewritten)).length).toBeGreaterThan(20);
  expect(errors).toEqual([]);
});

test("a stored game is opened without being written again, is saved when it changes, and survives the reload", async ({ page }) => {
  // Every write of the stored game, counted from the page's first script on.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === "grolman.game") window.gameWrites = (window.gameWrites ?? 0) + 1;
      return setItem.call(this, key, value);
    };
  });
  await openPage(page);
  await clickMove(page, "e2", "e4");
  await expect(turnButtons(page)).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.gameWrites)).toBe(1);
  const first = await turnButtons(page).allTextContents();
  await page.goto("index.html");
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  await expectTurns(page, first);
  expect(await page.evaluate(() => window.gameWrites ?? 0)).toBe(0);
  await clickMove(page, "e7", "e5");
  await expect(turnButtons(page)).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => window.gameWrites)).toBe(1);
  const both = await turnButtons(page).allTextContents();
  await page.goto("index.html");
  await expectTurns(page, both);
});
