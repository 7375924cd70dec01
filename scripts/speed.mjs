// wasm in Chromium against native, in CPU time: search nodes/s, perft nodes/s and the turn query
// per variant, on the cases of `grolman bench` and `grolman bench-search` (`grolman bench-case
// list` names them). Prints a table; asserts nothing.
// Usage: node scripts/speed.mjs [--rounds N] [--only search|perft|turns] [--variant V]
//                               [--deeper N] [--base DIR]...
//        (after `make build`; DIR: another build of the engine package under this checkout,
//        e.g. pkg/engine-base/ copied from another checkout's pkg/engine/, timed in the same page
//        and rounds for a before/after of its search and perft; several --base each get theirs;
//        --deeper N: every search and perft case N plies deeper, on both sides; the environment's
//        JS_FLAGS goes to Chromium's V8 as --js-flags, see scripts/served-chromium.mjs)
//
// Why --deeper: the search cases take 0.03-0.4 s natively, and a round's ratio of so short a
// run wavers by 10-20 % on this machine; a ply more takes 3-6 times as long and wavers less.
//
// Why CPU time: on this shared two-core machine a wall clock measures the other processes as
// much as ours (the same perft read 30 % and 250 % of native minutes apart). Natively
// `grolman bench-case` reads its thread's CPU time; in Chromium the page's main thread's CPU
// time comes from the DevTools protocol (Performance.getMetrics, ThreadTime). The two sides run
// each case in turn, `rounds` times (which goes first alternates), and the table gives the
// median of each side and the median of the rounds' own ratios, with the load average.
//
// Why a warm-up: V8 runs a wasm function first as Liftoff's baseline code (about 0.65x the
// speed of its optimised code here) and compiles it with TurboFan, in the background, once it
// is hot. Before the rounds each search and perft case runs once in wasm, untimed for the
// table's ratio, so that the rounds time optimised code; that first run is printed as "cold"
// (the very first case of the page runs coldest: later cases share most of its functions).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { loadavg } from "node:os";
import { median, servedChromium } from "./served-chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The release `grolman` binary of this checkout, built first. */
function nativeBinary() {
  const built = spawnSync("cargo", ["build", "--quiet", "--release", "-p", "grolman-cli"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("cargo build -p grolman-cli failed");
  const bin = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "release", "grolman");
  if (!existsSync(bin)) throw new Error(`no ${bin}`);
  return bin;
}

/** `grolman bench-case ARGS...`: `{ count, seconds }` from its line `<kind> <count> <s> s cpu|wall`. */
function nativeCase(bin, args) {
  const run = spawnSync(bin, ["bench-case", ...args], { encoding: "utf8" });
  const m = run.stdout?.match(/^\w+ (\d+) ([\d.]+) s (cpu|wall)/);
  if (run.status !== 0 || !m) throw new Error(`grolman bench-case ${args.join(" ")}: ${run.stderr || run.stdout}`);
  return { count: Number(m[1]), seconds: Number(m[2]), cpu: m[3] === "cpu" };
}

/** A page of this checkout with both packages loaded, and a reader of its main thread's CPU time. */
async function wasmPage(browser, base, baseDirs) {
  const page = await browser.newPage();
  await page.goto(`${base}index.html`);
  await page.waitForSelector("body[data-ready]");
  await page.evaluate(async (baseDirs) => {
    const engine = await import("/pkg/engine/grolman_engine.js");
    await engine.default();
    const bases = {};
    for (const [i, dir] of baseDirs.entries()) {
      bases[`base${i}`] = await import(`/${dir}/grolman_engine.js`);
      await bases[`base${i}`].default();
    }
    // The board's package (built for size) and the worker's (built for speed) both answer the
    // turn query. The page's own copy is inside its bundle: this module is the script's.
    const page = await import("/pkg/grolman.js");
    await page.default();
    window.speed = { engine, page, ...bases };
  }, baseDirs);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  const threadSeconds = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "ThreadTime").value;
  /** Runs `fn(arg)` in the page: `{ value, seconds }`, seconds of the main thread's CPU time. */
  const timed = async (fn, arg) => {
    const before = await threadSeconds();
    const value = await page.evaluate(fn, arg);
    return { value, seconds: (await threadSeconds()) - before };
  };
  return { page, timed };
}

/** One wasm case: `{ count, seconds }` (for turns, seconds of one query: the median of batches). */
async function wasmCase({ timed }, { kind, variant, depth, fen }, pkg = "engine") {
  if (kind === "search") {
    const r = await timed(({ variant, fen, depth, pkg }) => window.speed[pkg].searchBest(variant, fen, 0, depth, null).nodes, { variant, fen, depth, pkg });
    return { count: r.value, seconds: r.seconds };
  }
  if (kind === "perft") {
    const r = await timed(({ variant, fen, depth, pkg }) => window.speed[pkg].perft(variant, fen, depth), { variant, fen, depth, pkg });
    return { count: r.value, seconds: r.seconds };
  }
  // The turn query as `grolman bench-case turns` times it: batches of queries, for `depth`
  // tenths of a second, the median per query. Each batch is one call into the page, so that
  // the CPU clock is read around it; a batch takes at least 20 ms of CPU, so that the call's
  // own cost (the DevTools protocol compiles the function each time) counts for little.
  const setup = ({ variant, fen, pkg }) => {
    window.speed.game = new window.speed[pkg].Game(variant, fen);
    return window.speed.game.turns().length;
  };
  const batchOf = (batch) => {
    for (let i = 0; i < batch; i++) window.speed.game.turns();
    return batch;
  };
  const count = (await timed(setup, { variant, fen, pkg })).value;
  let batch = 1;
  // Doubling up to the batch size also warms up: the wasm and the JavaScript that builds the
  // turns' objects are optimised only after their first calls.
  while ((await timed(batchOf, batch)).seconds < 0.02) batch *= 2;
  const perQuery = [];
  for (let spent = 0; spent < depth / 10 || perQuery.length < 3;) {
    const r = await timed(batchOf, batch);
    spent += r.seconds;
    perQuery.push(r.seconds / batch);
  }
  await timed(() => window.speed.game.free());
  return { count, seconds: median(perQuery) };
}

const fmtRate = (count, seconds) => `${(count / seconds / 1e6).toFixed(2)} M/s`;
const fmtMs = (seconds) => `${(seconds * 1000).toFixed(3)} ms`;
const load = () => loadavg()[0].toFixed(1);

/**
 * Runs the cases on both sides in turn and prints the table. `browser`/`base`: a served
 * Chromium (scripts/served-chromium.mjs) over this checkout.
 */
export async function speed({ browser, base, rounds = 3, only = null, variant = null, deeper = 0, baseDirs = [] }) {
  const bin = nativeBinary();
  const listed = spawnSync(bin, ["bench-case", "list"], { encoding: "utf8" }).stdout.trim().split("\n");
  const cases = listed
    .map((line) => {
      const [kind, v, depth, name, ...fen] = line.split(" ");
      const plies = kind === "turns" ? 0 : deeper;
      return { kind, variant: v, depth: Number(depth) + plies, name, fen: fen.join(" "), native: [], wasm: [], page: [], ratios: [],
               bases: baseDirs.map(() => []), cold: null };
    })
    .filter((c) => (!only || c.kind === only) && (!variant || c.variant === variant));
  if (cases.length === 0) throw new Error(`no case of kind ${only ?? "any"} in variant ${variant ?? "any"}`);
  const page = await wasmPage(browser, base, baseDirs);
  // The other builds' package names in the page, for the cases they are timed on.
  const others = (c) => (c.kind === "turns" ? [] : baseDirs.map((_, i) => `base${i}`));
  for (const c of cases) {
    if (c.kind !== "turns") c.cold = (await wasmCase(page, c)).seconds;
    for (const pkg of others(c)) await wasmCase(page, c, pkg);
  }
  const loads = [load()];
  let cpu = true;
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      const args = [c.kind, c.variant, String(c.depth), c.fen];
      // Which side goes first alternates, so that neither always meets a warmer or busier machine.
      const wasmSides = ["engine", ...others(c)];
      const timedWasm = {};
      let native = round % 2 === 0 ? nativeCase(bin, args) : null;
      for (const pkg of round % 2 === 0 ? wasmSides : [...wasmSides].reverse()) timedWasm[pkg] = await wasmCase(page, c, pkg);
      native ??= nativeCase(bin, args);
      const wasm = timedWasm.engine;
      for (const [i, pkg] of others(c).entries()) {
        const other = timedWasm[pkg];
        if (other.count !== wasm.count) throw new Error(`${args.join(" ")}: ${baseDirs[i]} counts ${other.count}, this build ${wasm.count}`);
        c.bases[i].push(native.seconds / other.seconds);
      }
      cpu &&= native.cpu;
      if (native.count !== wasm.count) throw new Error(`${args.join(" ")}: native counts ${native.count}, wasm ${wasm.count}`);
      c.count = native.count;
      c.native.push(native.seconds);
      c.wasm.push(wasm.seconds);
      // wasm's speed as a share of native's: native time over wasm time.
      c.ratios.push(native.seconds / wasm.seconds);
      if (c.kind === "turns") c.page.push((await wasmCase(page, c, "page")).seconds);
    }
    loads.push(load());
  }
  await page.page.close();
  console.log(`\nwasm in Chromium against native, ${cpu ? "CPU time of the working thread" : "WALL-CLOCK time (no CPU clock here)"}; ` +
    `${rounds} rounds, the two sides in turn; medians (load average ${loads.join(" -> ")}):`);
  console.log("  what                         count        native          wasm    wasm/native (rounds' range)");
  for (const c of cases) {
    const what = `${c.kind.padEnd(6)} ${c.variant.padEnd(9)} ${c.name.padEnd(8)} ${c.kind === "turns" ? "  " : `d${c.depth}`}`;
    const [n, w] = [median(c.native), median(c.wasm)];
    const show = c.kind === "turns" ? fmtMs : (s) => fmtRate(c.count, s);
    const range = `${(Math.min(...c.ratios) * 100).toFixed(0)}-${(Math.max(...c.ratios) * 100).toFixed(0)} %`;
    let line = `  ${what} ${String(c.count).padStart(10)} ${show(n).padStart(13)} ${show(w).padStart(13)} ${(median(c.ratios) * 100).toFixed(0).padStart(6)} % (${range})`;
    if (c.kind === "turns") line += `   page's package ${fmtMs(median(c.page))}`;
    else line += `   cold ${(median(c.native) / c.cold * 100).toFixed(0)} %`;
    for (const [i, dir] of baseDirs.entries()) if (c.bases[i].length) line += `   ${dir}: ${(median(c.bases[i]) * 100).toFixed(0)} %`;
    console.log(line);
  }
  console.log("  (search and perft: the rounds after a warm-up run of each case, V8's optimised code; \"cold\": that first run");
  if (baseDirs.length) console.log(`  (${baseDirs.join(", ")}: that build's wasm/native, timed in the same rounds, in turn with this one)`);
  console.log("  (turns: one whole-position query, natively the turns with notation and events, in wasm turns() as JavaScript");
  console.log("  objects; wasm is the engine worker's package, built for speed; \"page's package\": the board's, built for size)");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = (flag) => process.argv.indexOf(flag);
  const rounds = at("--rounds") > 0 ? Number(process.argv[at("--rounds") + 1]) : 3;
  const only = at("--only") > 0 ? process.argv[at("--only") + 1] : null;
  const variant = at("--variant") > 0 ? process.argv[at("--variant") + 1] : null;
  const deeper = at("--deeper") > 0 ? Number(process.argv[at("--deeper") + 1]) : 0;
  const baseDirs = process.argv.flatMap((a, i) => (a === "--base" ? [process.argv[i + 1].replace(/^\/+|\/+$/g, "")] : []));
  const { base, browser, stop } = await servedChromium(root);
  try {
    await speed({ browser, base, rounds, only, variant, deeper, baseDirs });
  } finally {
    await stop();
  }
}
