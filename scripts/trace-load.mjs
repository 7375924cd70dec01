// Where a first load's time goes, to a playable board: a Chromium performance trace (the DevTools
// protocol's Tracing, through Playwright) of each cold load, read back as
//   - the wall time from navigation start to playable (window.grolman.readyAt, as measure.mjs),
//     when each file it needed had arrived, and the wall time the main thread spent in tasks: where
//     that is far above their CPU time, the thread was ready but waited for a core (a loaded machine);
//   - the renderer's main-thread CPU to playable by trace event, each event's self time (its own
//     time less its children's): "RunTask (self)" is the time no finer event claims, what DevTools
//     the trace shows as such;
//   - the main thread by JavaScript function (the V8 sampling profiler's self samples). Its samples
//     are taken on the wall clock: "(program)" there is every sample outside JavaScript while the
//     thread was not idle, which includes the time it waited for a core, and "(idle)" the time it
//     waited for a file;
//   - the other threads' CPU to playable (the wasm compile and the HTML parser's helpers run there);
//   - the critical path's milestones (wall, from navigation start): the first module evaluated, the
//     wasm's compile started and finished, its instance made, the first paint;
//   - the browser's floor in the same run: a page with one inline script (scripts/floor.html),
//     loaded the same way, so that a figure reads as ours over what any page costs here.
// Each site's server and browser get one untimed load first (the server's compressing, caches).
// Every figure is the median over the cold loads (the sampled functions': the mean) (each in a fresh browser context: no HTTP cache, no
// service worker). With --against DIR, another built checkout's loads are taken in turn with this
// one's, in the same run, so that the machine's load falls on both alike.
// Usage: node scripts/trace-load.mjs [--loads N] [--lang en|ru|es|de] [--against DIR] [--top N]
//   (after `make build`)
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { loadavg } from "node:os";
import { median, servedChromium } from "./served-chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const loads = Number(option("--loads", 7));
const lang = option("--lang", "en");
const top = Number(option("--top", 18));
const other = option("--against", null) && resolve(option("--against"));
const LOCALES = { en: "en-US", ru: "ru-RU", es: "es-ES", de: "de-DE" };

const CATEGORIES = [
  "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
  "v8", "v8.execute", "disabled-by-default-v8.compile", "disabled-by-default-v8.cpu_profiler",
  "blink", "blink.user_timing", "loading", "toplevel", "v8.wasm", "disabled-by-default-v8.wasm",
];

/** The category of a main-thread trace event, by its name (DevTools' Summary groups alike). */
const CATEGORY = [
  ["wasm compile", /wasm/i],
  ["garbage collection", /GC|Scavenge|MarkCompact|Sweep/],
  ["script: parse and compile", /Parse(Function|Script|Program)|Compile|Deserialize|v8\.parse|Preparse/],
  ["script: run", /Microtask|FunctionCall|EvaluateScript|evaluateModule|v8\.run|v8\.callFunction|TimerFire|FireAnimationFrame|EventDispatch|V8\.Execute|RunMicrotasks/],
  ["style and layout", /recalcStyle|UpdateLayoutTree|Layout|Style|Shape|Font|Text|Invalidat/i],
  ["paint and composite", /Paint|Layer|Commit|Composit|Raster|BeginFrame|Frame|Animation/],
  ["HTML parse", /ParseHTML|HTMLDocumentParser|FinishedParsing|Token/],
  ["loading", /Resource|Fetch|Loader|Network|mojo|Navigation|Preload|URL/i],
  ["the profiler (a cost of the trace)", /Profil/],
];
const categoryOf = (name) => name === "RunTask (self)" ? "tasks' own time (not claimed by a finer event)" : (CATEGORY.find(([, test]) => test.test(name))?.[0] ?? "other");

/** One cold load, traced: { ready, painted, arrived, events } (events: the trace's). */
async function tracedLoad(browser, base) {
  const context = await browser.newContext({ locale: LOCALES[lang] });
  const page = await context.newPage();
  await page.goto("about:blank");
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${base}index.html`);
  await page.waitForSelector("body[data-ready]");
  // The first contentful paint (the page before its board, the "loading" line).
  const { ready, painted, arrived } = await page.evaluate(() => {
    const ready = window.grolman.readyAt;
    const paints = performance.getEntriesByType("paint").filter((entry) => entry.name === "first-contentful-paint").map((entry) => entry.startTime);
    // When each file the page fetched before playable had arrived (ms from navigation start).
    const arrived = { "index.html": performance.getEntriesByType("navigation")[0].responseEnd };
    for (const entry of performance.getEntriesByType("resource")) {
      if (entry.startTime < ready) arrived[new URL(entry.name).pathname.split("/").pop()] = entry.responseEnd;
    }
    return { ready, painted: paints[0] ?? null, arrived };
  });
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  return { ready, painted, arrived, events: trace.traceEvents ?? trace };
}

/** The load's figures from its trace: CPU (ms) by main-thread event, by function, by thread. */
function analyse({ ready, events }) {
  const threads = new Map();
  for (const event of events) {
    if (event.ph === "M" && event.name === "thread_name") threads.set(`${event.pid}:${event.tid}`, event.args.name);
  }
  // The page's renderer: the process whose main thread parsed index.html.
  const parse = events.find((e) => e.name === "ParseHTML" && String(e.args?.beginData?.url).endsWith("index.html"));
  if (!parse) throw new Error("no ParseHTML of index.html in the trace");
  const pid = parse.pid;
  const main = events.find((e) => e.pid === pid && threads.get(`${e.pid}:${e.tid}`) === "CrRendererMain").tid;
  // Navigation start: the mark of the navigation whose document is index.html.
  const start = events.filter((e) => e.name === "navigationStart" && e.pid === pid)
    .find((e) => String(e.args?.data?.documentLoaderURL ?? "").endsWith("index.html"))?.ts ??
    Math.min(...events.filter((e) => e.name === "navigationStart" && e.pid === pid).map((e) => e.ts));
  const end = start + ready * 1000;

  // Self time of every complete event of the process, within [start, end], by thread.
  const byEvent = new Map();
  const byThread = new Map();
  let mainWall = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  const spans = new Map();
  for (const e of events) {
    if (e.pid !== pid || e.ph !== "X" || e.dur === undefined) continue;
    if (e.ts + e.dur < start || e.ts > end) continue;
    const key = `${e.tid}`;
    if (!spans.has(key)) spans.set(key, []);
    spans.get(key).push(e);
  }
  for (const [tid, list] of spans) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    // CPU: the thread time when the event has one, else its wall time (clipped to the window).
    const cpu = (e) => (e.tdur ?? e.dur) * (Math.max(0, Math.min(e.ts + e.dur, end) - Math.max(e.ts, start)) / Math.max(e.dur, 1)) / 1000;
    const self = new Map();
    for (const e of list) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      const parent = stack.at(-1);
      self.set(e, cpu(e));
      if (parent) self.set(parent, self.get(parent) - cpu(e));
      else {
        add(byThread, threads.get(`${pid}:${tid}`) ?? tid, cpu(e));
        if (Number(tid) === main) mainWall += (Math.min(e.ts + e.dur, end) - Math.max(e.ts, start)) / 1000;
      }
      stack.push(e);
    }
    if (Number(tid) !== main) continue;
    for (const [e, ms] of self) add(byEvent, /RunTask$/.test(e.name) ? "RunTask (self)" : e.name, Math.max(ms, 0));
  }

  // The sampling profiler's main-thread samples, by function (self), within [start, end].
  const byFunction = new Map();
  const profiles = new Map();
  for (const e of events) {
    // The profiler's chunks come from its own thread; the profile's id names the one of the page.
    if (e.pid !== pid) continue;
    if (e.name === "Profile") profiles.set(e.id, { time: e.args.data.startTime, nodes: new Map() });
    if (e.name !== "ProfileChunk" || !profiles.has(e.id)) continue;
    const profile = profiles.get(e.id);
    const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
    for (const node of cpuProfile.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    (cpuProfile.samples ?? []).forEach((id, i) => {
      const before = profile.time;
      profile.time += timeDeltas[i] ?? 0;
      if (profile.time < start || profile.time > end) return;
      const frame = profile.nodes.get(id) ?? {};
      const file = String(frame.url ?? "").split("/").pop();
      add(byFunction, `${frame.functionName || "(anonymous)"}${file ? ` ${file}` : ""}`, (profile.time - before) / 1000);
    });
  }
  // The rendering passes on the main thread to playable: how often the page had its style
  // recalculated and was laid out and painted, and how many elements those recalculations styled.
  const passes = new Map([["style recalculations", 0], ["elements restyled", 0], ["layouts", 0], ["paints", 0]]);
  for (const e of spans.get(`${main}`) ?? []) {
    if (e.ts > end) continue;
    if (e.name === "UpdateLayoutTree") {
      add(passes, "style recalculations", 1);
      add(passes, "elements restyled", e.args?.elementCount ?? 0);
    }
    if (e.name === "Layout") add(passes, "layouts", 1);
    if (e.name === "Paint") add(passes, "paints", 1);
  }
  const byCategory = new Map();
  for (const [name, ms] of byEvent) add(byCategory, categoryOf(name), ms);
  // Milestones of the critical path (the first event of each name, ms from navigation start).
  const milestones = new Map();
  const first = (label, test) => {
    const hit = events.filter((e) => e.pid === pid && test(e) && e.ts >= start).sort((a, b) => a.ts - b.ts)[0];
    if (hit) milestones.set(label, (hit.ts - start) / 1000);
  };
  first("first module evaluated", (e) => e.name === "v8.evaluateModule");
  first("wasm compile started", (e) => e.name === "wasm.StartStreamingCompilation" || e.name === "v8.wasm.compileConsume");
  first("wasm compiled", (e) => e.name === "wasm.FinishStreaming");
  first("wasm instantiated", (e) => e.name === "wasm.AsyncInstantiate" || e.name === "wasm.SyncInstantiate");
  first("first paint", (e) => e.name === "Paint" && e.tid === main && e.ts > parse.ts);
  milestones.set("playable", ready);
  return { byEvent, byCategory, byFunction, byThread, milestones, passes, mainCpu: [...byEvent.values()].reduce((a, b) => a + b, 0), mainWall };
}

/** The floor: navigation start to scripts/floor.html's one inline script, in a fresh context (ms). */
async function floorLoad(browser, base) {
  const context = await browser.newContext({ locale: LOCALES[lang] });
  const page = await context.newPage();
  await page.goto(`${base}scripts/floor.html`);
  const ready = await page.evaluate(() => window.grolman.readyAt);
  await context.close();
  return ready;
}

/** Mean of each key over the loads' maps (a key a load lacks counts 0 there): a sampled function
 *  falls in few loads' samples, where a median would say 0. */
function meanMap(maps) {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  const mean = (key) => maps.reduce((sum, map) => sum + (map.get(key) ?? 0), 0) / maps.length;
  return new Map([...keys].map((key) => [key, mean(key)]).sort((a, b) => b[1] - a[1]));
}

/** Median of each key over the loads' maps (a key a load lacks counts 0 there). */
function medianMap(maps) {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  return new Map([...keys].map((key) => [key, median(maps.map((map) => map.get(key) ?? 0))]).sort((a, b) => b[1] - a[1]));
}

const print = (title, map, count = top) => {
  console.log(`  ${title}:`);
  for (const [key, ms] of [...map].slice(0, count)) if (ms >= 0.05) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
};

const sites = [{ name: "this checkout", ...(await servedChromium(root)), runs: [] }];
if (other) sites.push({ name: other, ...(await servedChromium(other)), runs: [] });
const floors = [];
try {
  for (const site of sites) await tracedLoad(site.browser, site.base);
  await floorLoad(sites[0].browser, sites[0].base);
  for (let i = 0; i < loads; i++) {
    for (const site of sites) {
      const load = await tracedLoad(site.browser, site.base);
      site.runs.push({ ready: load.ready, painted: load.painted, arrived: new Map(Object.entries(load.arrived)), ...analyse(load) });
    }
    floors.push(await floorLoad(sites[0].browser, sites[0].base));
  }
  const floor = median(floors);
  console.log(`\nthe floor (a page with one inline script, untraced), median of ${loads}: ${floor.toFixed(0)} ms (of ${floors.map((x) => x.toFixed(0)).join(", ")})`);
  for (const site of sites) {
    const runs = site.runs;
    console.log(`\n${site.name} (${lang}), median of ${loads} cold loads:`);
    const wall = median(runs.map((r) => r.ready));
    console.log(`  wall to playable ${wall.toFixed(0)} ms, ${(wall - floor).toFixed(0)} over the floor (of ${runs.map((r) => r.ready.toFixed(0)).join(", ")})`);
    print("critical path (wall, from navigation start)", new Map([...medianMap(runs.map((r) => r.milestones))].sort((a, b) => a[1] - b[1])), 10);
    console.log(`  wall to the first contentful paint (the page before its board) ${median(runs.map((r) => r.painted ?? NaN)).toFixed(0)} ms`);
    print("files fetched before playable, arrived at (wall, from navigation start)", medianMap(runs.map((r) => r.arrived)), 30);
    console.log(`  main-thread CPU to playable ${median(runs.map((r) => r.mainCpu)).toFixed(0)} ms (of ${runs.map((r) => r.mainCpu.toFixed(0)).join(", ")})`);
    console.log(`  main thread's tasks to playable, wall ${median(runs.map((r) => r.mainWall)).toFixed(0)} ms: ` +
      "the rest of the wall time the thread was idle (waiting for a file), the difference to CPU it waited for a core");
    const passes = medianMap(runs.map((r) => r.passes));
    console.log(`  rendering passes to playable (main thread, median): ${[...passes].map(([name, n]) => `${n} ${name}`).join(", ")}`);
    print("main thread by category (trace events' self time)", medianMap(runs.map((r) => r.byCategory)));
    print("main thread by trace event (self)", medianMap(runs.map((r) => r.byEvent)));
    print("main thread by JavaScript function (sampled, self; the mean over the loads)", meanMap(runs.map((r) => r.byFunction)));
    print("CPU by thread", medianMap(runs.map((r) => r.byThread)), 8);
  }
  console.log(`\n(load average ${loadavg().map((x) => x.toFixed(1)).join(" ")})`);
} finally {
  for (const site of sites) await site.stop();
}
