// Figures for the playground: page weight, time to a playable board, and (scripts/speed.mjs) the
// turn query, perft and search speed in Chromium (wasm) against native, in CPU time. Prints a
// small report; asserts nothing.
// Usage: node scripts/measure.mjs [--page] [--lang en,ru,es,de] [--against DIR]   (after `make build`;
//   `make measure` does both)
//   --page: only the page's weight and load time (no native bench, no perft, no search).
//   --lang: the page's languages to weigh and time (default all four), each chosen as a first
//   visitor's is: from the browser's language (the context's locale, navigator.languages and
//   Accept-Language), nothing stored.
//   --against DIR: the same page figures for another built checkout (e.g. ../main), its cold loads
//   taken in turn with this one's in the same run, and the ratio of the two medians.
//   Beside the loads, the browser's floor in the same run: a page with one inline script
//   (scripts/floor.html) loaded the same way, so that a load reads as ours over what any page costs.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { loadavg } from "node:os";
import { median, servedChromium } from "./served-chromium.mjs";
import { pageFile } from "./offline.mjs";
import { speed } from "./speed.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const pageOnly = process.argv.includes("--page");

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const LOCALES = { en: "en-US", ru: "ru-RU", es: "es-ES", de: "de-DE" };
const langAt = process.argv.indexOf("--lang");
const languages = langAt > 0 ? process.argv[langAt + 1].split(",") : Object.keys(LOCALES);
for (const code of languages) if (!LOCALES[code]) throw new Error(`--lang: no language ${code} (${Object.keys(LOCALES)})`);

/** What a page asked for before it was playable, and after (while idle), by path, in a fresh
 *  context whose browser speaks `lang`. */
async function pageRequests(browser, base, lang) {
  const context = await browser.newContext({ locale: LOCALES[lang] });
  const page = await context.newPage();
  await page.goto(`${base}index.html`);
  await page.waitForSelector("body[data-ready]");
  await page.waitForTimeout(1500);
  // The browser's own resource timings say what was requested before the board was playable.
  const { resources, readyAt, shown } = await page.evaluate(() => ({
    resources: performance.getEntriesByType("resource").map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
    readyAt: window.grolman.readyAt,
    shown: document.documentElement.lang,
  }));
  await context.close();
  if (shown !== lang) throw new Error(`the page chose ${shown} for a browser in ${LOCALES[lang]}`);
  const local = resources.filter((r) => !r.path.startsWith("data:") && r.path !== "/");
  return {
    before: ["/index.html", ...local.filter((r) => r.at < readyAt).map((r) => r.path)],
    after: local.filter((r) => r.at >= readyAt).map((r) => r.path),
  };
}

/** The files of `paths` under `dir`, raw and gzip -9 by kind: { wasm, js, css, html, total }
 *  (each [raw, gzip]) and the file count. */
function weigh(dir, paths) {
  const groups = { wasm: [0, 0], js: [0, 0], css: [0, 0], html: [0, 0], total: [0, 0] };
  for (const path of new Set(paths)) {
    // A page as the server answers it (build/pages/, when the build wrote one).
    const bytes = readFileSync(join(dir, pageFile(dir, path === "/" ? "index.html" : path.slice(1))));
    const kind = path.endsWith(".wasm") ? "wasm" : path.endsWith(".js") ? "js" : path.endsWith(".css") ? "css" : "html";
    const gz = gzipSync(bytes, { level: 9 }).length;
    for (const group of [kind, "total"]) {
      groups[group][0] += bytes.length;
      groups[group][1] += gz;
    }
  }
  return { groups, files: new Set(paths).size };
}

/** Prints one weight table: a row per language, gzip (raw) per kind. */
function printWeights(title, rows) {
  console.log(`\n${title} (KB gzip -9, raw in brackets):`);
  const cell = ([raw, gz]) => `${(gz / 1024).toFixed(1)} (${(raw / 1024).toFixed(1)})`.padStart(15);
  console.log(`  ${"".padEnd(6)}${["wasm", "js", "css", "html", "total"].map((k) => k.padStart(15)).join("")}  files`);
  for (const [lang, { groups, files }] of rows) {
    console.log(`  ${lang.padEnd(6)}${["wasm", "js", "css", "html", "total"].map((k) => cell(groups[k])).join("")}  ${files}`);
  }
}

/** Navigation start to a playable board in a fresh context (no cache) speaking `lang`, in ms. */
async function coldLoad(browser, base, lang) {
  const context = await browser.newContext({ locale: LOCALES[lang] });
  const fresh = await context.newPage();
  await fresh.goto(`${base}index.html`);
  await fresh.waitForSelector("body[data-ready]");
  const readyAt = await fresh.evaluate(() => window.grolman.readyAt);
  await context.close();
  return readyAt;
}

/** Navigation start to scripts/floor.html's one inline script, in a fresh context, in ms. */
async function floorLoad(browser, base) {
  const context = await browser.newContext({ locale: "en-US" });
  const fresh = await context.newPage();
  await fresh.goto(`${base}scripts/floor.html`);
  const readyAt = await fresh.evaluate(() => window.grolman.readyAt);
  await context.close();
  return readyAt;
}

const at = process.argv.indexOf("--against");
const other = at > 0 ? resolve(process.argv[at + 1]) : null;
const { base, browser, stop } = await servedChromium(root);
const against = other ? await servedChromium(other) : null;
try {
  // 1. Page weight in each language: every file the page fetched before the board was playable,
  // raw and gzip -9; then what loads after it (the side panels, the Embed dialog).
  const sites = [{ name: "this checkout", dir: root, base, browser }];
  if (against) sites.push({ name: other, dir: other, base: against.base, browser: against.browser });
  for (const site of sites) {
    const label = against ? ` (${site.name})` : "";
    const before = [];
    const after = [];
    for (const lang of languages) {
      const requests = await pageRequests(site.browser, site.base, lang);
      before.push([lang, weigh(site.dir, requests.before)]);
      after.push([lang, weigh(site.dir, requests.after)]);
    }
    site.weight = Math.max(...before.map(([, { groups }]) => groups.total[1]));
    printWeights(`Page weight to a playable board${label}`, before);
    printWeights(`Loaded afterwards${label}`, after);
  }

  // 2. Load to a playable board (navigation start -> leaders marked), median of 7 cold loads per
  // language; with --against, the two sites' loads in turn, so that the machine's load falls on
  // both alike.
  for (const site of sites) site.loads = Object.fromEntries(languages.map((lang) => [lang, []]));
  const floors = [];
  for (let i = 0; i < 7; i++) {
    for (const lang of languages) {
      for (const site of sites) site.loads[lang].push(await coldLoad(site.browser, site.base, lang));
    }
    floors.push(await floorLoad(browser, base));
  }
  const floor = median(floors);
  console.log(`\nThe floor (a page with one inline script), median of 7 cold loads: ${floor.toFixed(0)} ms (of ${floors.map((x) => x.toFixed(0)).join(", ")})`);
  for (const site of sites) {
    const label = against ? ` (${site.name})` : "";
    console.log(`\nLoad to a playable board${label}, median of 7 cold loads:`);
    for (const lang of languages) {
      const loads = site.loads[lang];
      console.log(`  ${lang}: ${median(loads).toFixed(0)} ms, ${(median(loads) - floor).toFixed(0)} over the floor (of ${loads.map((x) => x.toFixed(0)).join(", ")})`);
    }
  }
  if (against) {
    const all = (site) => Object.values(site.loads).flat();
    const ratio = median(all(sites[0])) / median(all(sites[1]));
    console.log(`\nThis checkout against ${other}: heaviest language ${kb(sites[0].weight)} / ${kb(sites[1].weight)} gzip, ` +
      `load median ${(ratio * 100).toFixed(0)} % (load average ${loadavg().map((x) => x.toFixed(1)).join(" ")})`);
  } else {
    console.log(`(load average ${loadavg().map((x) => x.toFixed(1)).join(" ")})`);
  }

  // 3. The turn query, perft and search: wasm in Chromium against native, in CPU time.
  if (!pageOnly) await speed({ browser, base });
} finally {
  await stop();
  await against?.stop();
}
