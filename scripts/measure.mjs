// Figures for the playground: page weight, time to a playable board, and (scripts/speed.mjs) the
// turn query, perft and search speed in Chromium (wasm) against native, in CPU time. Prints a
// small report; asserts nothing.
// Usage: node scripts/measure.mjs [--page] [--against DIR]   (after `make build`; `make measure` does both)
//   --page: only the page's weight and load time (no native bench, no perft, no search).
//   --against DIR: the same page figures for another built checkout (e.g. ../main), its cold loads
//   taken in turn with this one's in the same run, and the ratio of the two medians.
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

/** What a page asked for before it was playable, and after (while idle), by path. */
async function pageRequests(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}index.html`);
  await page.waitForSelector("body[data-ready]");
  await page.waitForTimeout(1500);
  // The browser's own resource timings say what was requested before the board was playable.
  const { resources, readyAt } = await page.evaluate(() => ({
    resources: performance.getEntriesByType("resource").map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
    readyAt: window.grolman.readyAt,
  }));
  await page.close();
  const local = resources.filter((r) => !r.path.startsWith("data:") && r.path !== "/");
  return {
    before: ["/index.html", ...local.filter((r) => r.at < readyAt).map((r) => r.path)],
    after: local.filter((r) => r.at >= readyAt).map((r) => r.path),
  };
}

/** Prints the files of `paths` under `dir` by kind, raw and gzip -9; returns the gzip total. */
function weigh(dir, paths, title) {
  const groups = { wasm: [0, 0], js: [0, 0], css: [0, 0], html: [0, 0] };
  for (const path of new Set(paths)) {
    // A page as the server answers it (build/pages/, when the build wrote one).
    const bytes = readFileSync(join(dir, pageFile(dir, path === "/" ? "index.html" : path.slice(1))));
    const kind = path.endsWith(".wasm") ? "wasm" : path.endsWith(".js") ? "js" : path.endsWith(".css") ? "css" : "html";
    groups[kind][0] += bytes.length;
    groups[kind][1] += gzipSync(bytes, { level: 9 }).length;
  }
  console.log(`\n${title} (${new Set(paths).size} files):`);
  let total = [0, 0];
  for (const [kind, [raw, gz]] of Object.entries(groups)) {
    if (!raw) continue;
    console.log(`  ${kind.padEnd(5)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(10)} gzip`);
    total = [total[0] + raw, total[1] + gz];
  }
  console.log(`  total ${kb(total[0]).padStart(10)} raw ${kb(total[1]).padStart(10)} gzip`);
  return total[1];
}

/** Navigation start to a playable board in a fresh context (no cache), in ms. */
async function coldLoad(browser, base) {
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(`${base}index.html`);
  await fresh.waitForSelector("body[data-ready]");
  const readyAt = await fresh.evaluate(() => window.grolman.readyAt);
  await context.close();
  return readyAt;
}

const at = process.argv.indexOf("--against");
const other = at > 0 ? resolve(process.argv[at + 1]) : null;
const { base, browser, stop } = await servedChromium(root);
const against = other ? await servedChromium(other) : null;
try {
  // 1. Page weight: every file the page loads, raw and gzip -9; first what the playable board
  // needs, then what loads after it (the side panels, the Embed dialog).
  const sites = [{ name: "this checkout", dir: root, base, browser }];
  if (against) sites.push({ name: other, dir: other, base: against.base, browser: against.browser });
  for (const site of sites) {
    const { before, after } = await pageRequests(site.browser, site.base);
    const label = against ? ` (${site.name})` : "";
    site.weight = weigh(site.dir, before, `Page weight to a playable board${label}`);
    if (after.length) weigh(site.dir, after, `Loaded afterwards${label}`);
  }

  // 2. Load to a playable board (navigation start -> leaders marked), median of 7 cold loads;
  // with --against, the two sites' loads in turn, so that the machine's load falls on both alike.
  for (const site of sites) site.loads = [];
  for (let i = 0; i < 7; i++) {
    for (const site of sites) site.loads.push(await coldLoad(site.browser, site.base));
  }
  for (const site of sites) {
    const label = against ? ` (${site.name})` : "";
    console.log(`\nLoad to a playable board${label}: median ${median(site.loads).toFixed(0)} ms (of ${site.loads.map((x) => x.toFixed(0)).join(", ")})`);
  }
  if (against) {
    const ratio = median(sites[0].loads) / median(sites[1].loads);
    console.log(`\nThis checkout against ${other}: weight ${kb(sites[0].weight)} / ${kb(sites[1].weight)} gzip, ` +
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
