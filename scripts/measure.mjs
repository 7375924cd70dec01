// Figures for the playground: page weight, time to a playable board, turn-query time, and
// perft and search speed in Chromium (wasm) against native. Prints a small report; asserts nothing.
// Usage: node scripts/measure.mjs [--page] [--against DIR]   (after `make build`; `make measure` does both)
//   --page: only the page's weight and load time (no native bench, no perft, no search).
//   --against DIR: the same page figures for another built checkout (e.g. ../main), its cold loads
//   taken in turn with this one's in the same run, and the ratio of the two medians.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { loadavg } from "node:os";
import { median, servedChromium } from "./served-chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const FENS = { start: START, kiwipete: KIWIPETE };

// Native first: `grolman-cli bench` (release build) names its cases; wasm then counts the same
// trees. Lines look like
//   "grolman    start     depth 5:      5004946 nodes in   0.109 s =    45.8 M nodes/s (1 thread, best of 2)"
// The bench keeps the best of its rounds: a busy machine only ever makes a run slower. It also
// times the turn query:
//   "tatarstan  start     turn query:    20 turns in    0.099 ms (median of 101; fastest 0.095 ms)"
const pageOnly = process.argv.includes("--page");
const native = [];
const bench = pageOnly ? { status: 0, stdout: "" } : spawnSync("cargo", ["run", "--quiet", "--release", "-p", "grolman-cli", "--", "bench", "2"], {
  cwd: root,
  encoding: "utf8",
});
const nativeQueries = [];
for (const line of (bench.stdout ?? "").split("\n")) {
  const q = line.match(/^(\w+)\s+(\w+)\s+turn query:\s+(\d+) turns in\s+([\d.]+) ms/);
  if (q) nativeQueries.push({ variant: q[1].toLowerCase(), name: q[2].toLowerCase(), count: Number(q[3]), ms: Number(q[4]) });
  const m = line.match(/^(\w+)\s+(\w+)\s+depth (\d+):\s+(\d+) nodes .*=\s*([\d.]+) M nodes\/s \((\d+) threads?[,)]/);
  if (!m || !FENS[m[2].toLowerCase()] || m[6] !== "1") continue;
  native.push({ variant: m[1].toLowerCase(), name: m[2].toLowerCase(), depth: Number(m[3]), nodes: Number(m[4]), mnps: Number(m[5]) });
}
// Search at fixed depths (`grolman-cli bench-search`): the same tree in wasm and natively.
//   "grolman    start     depth  8:     247048 nodes in   0.180 s =   1.37 M nodes/s (best of 2)"
const nativeSearch = [];
const searchBench = pageOnly ? { status: 0, stdout: "" } : spawnSync("cargo", ["run", "--quiet", "--release", "-p", "grolman-cli", "--", "bench-search", "2"], {
  cwd: root,
  encoding: "utf8",
});
for (const line of (searchBench.stdout ?? "").split("\n")) {
  const m = line.match(/^(\w+)\s+(\w+)\s+depth\s+(\d+):\s+(\d+) nodes .*=\s*([\d.]+) M nodes\/s \(best/);
  if (!m || !FENS[m[2]]) continue;
  nativeSearch.push({ variant: m[1].toLowerCase(), name: m[2], fen: FENS[m[2]], depth: Number(m[3]), nodes: Number(m[4]), mnps: Number(m[5]) });
}
const PERFT_CASES = (native.length ? native : [
  { variant: "orthodox", name: "start", depth: 5 },
  { variant: "grolman", name: "start", depth: 4 },
  { variant: "tatarstan", name: "start", depth: 3 },
]).map(({ variant, name, depth }) => ({ variant, name, fen: FENS[name], depth }));

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
    const bytes = readFileSync(join(dir, path === "/" ? "index.html" : path));
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

  if (!pageOnly) {
    const page = await browser.newPage();
    await page.goto(`${base}index.html`);
    await page.waitForSelector("body[data-ready]");
    // 3. Whole-position turn query and perft in Chromium's wasm.
    const browserFigures = await page.evaluate(async ({ START, KIWIPETE, PERFT_CASES, SEARCH_CASES }) => {
      // The page's own copy is inside its bundle: this module is the script's, initialised here.
      const rules = await import("/pkg/grolman.js");
      await rules.default();
      const { Game } = rules;
      // perft lives in the engine package (the Web Worker's), not in the page's.
      const engine = await import("/pkg/engine/grolman_engine.js");
      await engine.default();
      const { perft, searchBest } = engine;
      // The median of batches of calls, each batch long enough for the browser's coarse clock
      // (0.1 ms here): a mean would take in every collection and every time slice lost to
      // another process, as the native bench's median does not.
      const time = (fn, minMs = 400) => {
        let batch = 1;
        for (let start = performance.now(); ; start = performance.now()) {
          for (let i = 0; i < batch; i++) fn();
          if (performance.now() - start >= 4) break;
          batch *= 2;
        }
        const perCall = [];
        for (const begin = performance.now(); performance.now() - begin < minMs;) {
          const start = performance.now();
          for (let i = 0; i < batch; i++) fn();
          perCall.push((performance.now() - start) / batch);
        }
        return perCall.sort((a, b) => a - b)[perCall.length >> 1];
      };
      const queries = [];
      for (const [name, fen] of [["start", START], ["Kiwipete", KIWIPETE]]) {
        for (const variant of ["orthodox", "grolman", "tatarstan"]) {
          const game = new Game(variant, fen);
          const count = game.turns().length;
          queries.push({ name, variant, count, ms: time(() => game.turns()), leadsMs: time(() => game.leads()) });
          game.free();
        }
      }
      const perfts = PERFT_CASES.map(({ variant, name, fen, depth }) => {
        let best = 0;
        let nodes = 0;
        for (let run = 0; run < 2; run++) {
          const start = performance.now();
          nodes = perft(variant, fen, depth);
          best = Math.max(best, nodes / ((performance.now() - start) / 1000));
        }
        return { variant, name, depth, nodes, nps: best };
      });
      // The fastest of two searches to the native bench's depth, each with a fresh 8 MB table
      // as the native bench's.
      const searches = SEARCH_CASES.map(({ variant, name, fen, depth }) => {
        let best = 0;
        let nodes = 0;
        for (let run = 0; run < 2; run++) {
          const start = performance.now();
          nodes = searchBest(variant, fen, 0, depth, null).nodes;
          best = Math.max(best, nodes / ((performance.now() - start) / 1000));
        }
        return { variant, name, depth, nodes, nps: best };
      });
      return { queries, perfts, searches };
    }, { START, KIWIPETE, PERFT_CASES, SEARCH_CASES: nativeSearch });
    console.log("\nturns() in Chromium (whole position, with events, as JavaScript objects) against the native turn query");
    console.log("(grolman-cli bench, medians), and leads() (what the board asks per position):");
    for (const q of browserFigures.queries) {
      const n = nativeQueries.find((c) => c.variant === q.variant && c.name === q.name.toLowerCase());
      const versus = n ? `native ${n.ms.toFixed(3)} ms   wasm = ${((n.ms / q.ms) * 100).toFixed(0)}% of native` : "native: n/a";
      console.log(`  ${q.name.padEnd(8)} ${q.variant.padEnd(9)} ${String(q.count).padStart(4)} turns  ${q.ms.toFixed(3)} ms   ${versus}   leads() ${q.leadsMs.toFixed(3)} ms`);
    }

    // 4. wasm against native, case by case.
    console.log("\nperft, one thread, best of two runs, wasm in Chromium vs native (grolman-cli bench):");
    for (const p of browserFigures.perfts) {
      const n = native.find((c) => c.variant === p.variant && c.name === p.name && c.depth === p.depth);
      const wasm = p.nps / 1e6;
      const versus = n ? `${n.mnps.toFixed(2).padStart(7)} M/s native   wasm = ${((wasm / n.mnps) * 100).toFixed(0)}% of native` : "native: n/a";
      const agree = n && n.nodes !== p.nodes ? `  (node counts differ: native ${n.nodes})` : "";
      console.log(`  ${p.variant.padEnd(9)} ${p.name.padEnd(8)} d${p.depth} ${String(p.nodes).padStart(10)} nodes ${wasm.toFixed(2).padStart(7)} M/s wasm ${versus}${agree}`);
    }
    if (bench.status !== 0) console.log(`  (grolman-cli bench failed: ${bench.stderr?.trim().split("\n").pop()})`);

    console.log("\nsearch to a fixed depth, best of two runs, wasm in Chromium vs native (grolman-cli bench-search):");
    for (const s of browserFigures.searches) {
      const n = nativeSearch.find((c) => c.variant === s.variant && c.name === s.name && c.depth === s.depth);
      const wasm = s.nps / 1e6;
      const agree = n.nodes !== s.nodes ? `  (node counts differ: native ${n.nodes})` : "";
      console.log(`  ${s.variant.padEnd(9)} ${s.name.padEnd(8)} d${s.depth} ${String(s.nodes).padStart(10)} nodes ${wasm.toFixed(2).padStart(7)} M/s wasm ${n.mnps.toFixed(2).padStart(7)} M/s native   wasm = ${((wasm / n.mnps) * 100).toFixed(0)}% of native${agree}`);
    }
    if (searchBench.status !== 0) console.log(`  (grolman-cli bench-search failed: ${searchBench.stderr?.trim().split("\n").pop()})`);
  }
} finally {
  await stop();
  await against?.stop();
}
