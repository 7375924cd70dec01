// The engine's thread (a module Web Worker): search and problem solving run here, so the page
// never waits on them. searchBest and solveProblem run to completion once called; to stop one,
// the page terminates this worker and starts a fresh one (web/worker/client.js).
//
// Messages in:  { type: "init", module } first (web/worker/client.js: the page's compiled engine
//               module, or null to load it here); requests sent before it wait for it
//               { id, type: "search", variant, fen, movetimeMs, maxDepth }
//               { id, type: "analyse", variant, fen, lines, movetimeMs, maxDepth } (the best lines)
//               { id, type: "solve", text, maxMs, options } (options: { tries: n, popeye: "SetPlay ..." } or undefined)
//               (a search or analysis also sends { id, progress } after every finished depth,
//               a solve about every 200 ms: { problem, twin, label, nodes, timeMs })
//               { id, type: "version" }
//               { type: "warm" } (a short search in each variant, so that V8 optimises the hot code)
// Messages out: { id, ok: true, result } or { id, ok: false, error } (error = the Rust error's
//               { code, facts, message }: an Error's own properties do not survive postMessage);
//               { type: "ready", version } once the wasm is loaded, or { type: "failed", error }.
import { errorData } from "../i18n/error-text.js";
import init, { analyse, searchBest, solveProblem, version } from "../../pkg/engine/grolman_engine.js";

let given;
const module = new Promise((resolve) => { given = resolve; });
const ready = module.then((compiled) => init(compiled ? { module_or_path: compiled } : undefined)).then(
  () => postMessage({ type: "ready", version: version() }),
  (error) => {
    postMessage({ type: "failed", error: `the engine could not be loaded: ${error?.message ?? error}` });
    throw error;
  },
);

const handlers = {
  search: ({ id, variant, fen, movetimeMs, maxDepth }) =>
    searchBest(variant, fen ?? "", movetimeMs ?? 0, maxDepth ?? 0, (progress) => postMessage({ id, progress })),
  analyse: ({ id, variant, fen, lines, movetimeMs, maxDepth }) =>
    analyse(variant, fen ?? "", lines ?? 3, movetimeMs ?? 0, maxDepth ?? 0, (progress) => postMessage({ id, progress })),
  solve: ({ id, text, maxMs, options }) => solveProblem(text, maxMs ?? 0, (progress) => postMessage({ id, progress }), options),
  version: () => version(),
  // V8 runs a wasm function first as baseline code and optimises it, in the background, once it
  // has run enough; a search spends most of its time in the same few dozen functions. Bounded
  // by time, not depth: a request that comes meanwhile waits at most WARM_UP_MS (each search
  // stops at once when its time is up) on any device.
  warm: () => {
    for (const variant of ["orthodox", "grolman", "tatarstan"]) searchBest(variant, "", WARM_UP_MS / 3, 0, null);
    return null;
  },
};

const WARM_UP_MS = 240;

self.addEventListener("message", async ({ data }) => {
  const { id, type } = data ?? {};
  if (type === "init") return given(data.module);
  try {
    await ready;
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request "${type}"`);
    postMessage({ id, ok: true, result: handler(data) });
  } catch (error) {
    postMessage({ id, ok: false, error: errorData(error) });
  }
});
