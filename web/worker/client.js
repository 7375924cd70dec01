// The page's side of the engine worker: requests as promises, and cancel. A running search or
// solve cannot be interrupted from outside, so cancel terminates the worker; the next request
// starts a fresh one.
//
// Every worker of the page instantiates one compiled module (engineModule), which the page
// compiles once: V8 first runs a wasm function as baseline (Liftoff) code and replaces it by
// optimised (TurboFan) code once it is hot, and that code belongs to the module. So a worker
// started after a cancel, or by another panel, runs the code that the earlier ones made hot,
// without fetching or compiling the wasm again (in any browser, not only where the engine
// happens to keep compiled modules). warmEngine() makes the code hot while the page idles: a
// spare worker runs a short search in each variant, and the first client that needs a worker
// takes it.

import { errorFrom } from "../i18n/error-text.js";

const WORKER = new URL("./engine-worker.js", import.meta.url);
const ENGINE_WASM = new URL("../../pkg/engine/grolman_engine_bg.wasm", import.meta.url);

let compiled = null;

/** The engine's compiled module, or null when it cannot be compiled here (no compileStreaming,
 *  the wasm served as another type, a page's CSP): a worker given null loads the wasm itself,
 *  and says why if that fails too. */
function engineModule() {
  compiled ??= (async () => WebAssembly.compileStreaming(fetch(ENGINE_WASM)))().catch(() => null);
  return compiled;
}

/** A started engine worker, given the page's module as its first message. */
function spawn(url) {
  const worker = new Worker(url, { type: "module", name: "grolman-engine" });
  engineModule().then((module) => worker.postMessage({ type: "init", module }));
  return worker;
}

let spare = null; // the warmed worker, until a client takes it
let warming = false;

/** Starts the engine while the page idles: compiles the module and runs the worker's warm-up
 *  (a short search in each variant) in a spare worker, once per page. */
export function warmEngine() {
  if (warming) return;
  warming = true;
  spare = spawn(WORKER);
  spare.postMessage({ type: "warm" });
}

/** Rejection reason of the requests cut off by `cancel()`. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

export class EngineClient {
  constructor(url = WORKER) {
    this.url = url;
    this.worker = null;
    this.pending = new Map(); // id -> { resolve, reject, onProgress }
    this.nextId = 1;
  }

  /** True while a request is waiting for its answer. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Best turn: `{ depth, score, scoreText, mate, nodes, nps, timeMs, pv, pvNotation, best, bestNotation }`;
   *  `onProgress` gets an object of the same kind after every finished depth. */
  search(variant, fen, { movetimeMs = 1000, maxDepth = 0, onProgress = null } = {}) {
    return this.request({ type: "search", variant, fen, movetimeMs, maxDepth }, onProgress);
  }

  /** The best `lines` lines (multi-PV): `{ depth, lines: [line like search()'s result] }`, best first;
   *  `onProgress` gets the same after every finished depth. */
  analyse(variant, fen, { lines = 3, movetimeMs = 0, maxDepth = 0, onProgress = null } = {}) {
    return this.request({ type: "analyse", variant, fen, lines, movetimeMs, maxDepth }, onProgress);
  }

  /** Solves problem text (FEN lines or Popeye input): `[{ title, twins: [...] }]`; `onProgress`
   *  gets `{ problem, twin, label, nodes, timeMs }` about every 200 ms; `tries: n` reports the
   *  first moves refuted by at most n defences with their refutations. */
  solve(text, { maxMs = 0, onProgress = null, tries = undefined, popeye = undefined } = {}) {
    const options = tries === undefined && popeye === undefined ? undefined : { tries, popeye };
    return this.request({ type: "solve", text, maxMs, options }, onProgress);
  }

  request(message, onProgress = null) {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...message, id });
    });
  }

  /** Stops whatever runs: its promise rejects with `Cancelled`. */
  cancel() {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.failAll(new Cancelled());
  }

  start() {
    if (this.worker) return this.worker;
    // The spare's warm-up answers nobody (no request of ours has its id 0); a request sent now
    // waits behind what is left of it.
    const worker = spare && String(this.url) === WORKER.href ? spare : spawn(this.url);
    if (worker === spare) spare = null;
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "failed") return this.crash(worker, new Error(data.error));
      const waiting = this.pending.get(data.id);
      if (!waiting) return;
      if (data.progress) return waiting.onProgress?.(data.progress);
      this.pending.delete(data.id);
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(errorFrom(data.error));
    });
    // A script that fails to load, or a wasm trap that escapes (out of memory), lands here.
    worker.addEventListener("error", (event) => {
      event.preventDefault?.();
      this.crash(worker, new Error(`the engine stopped: ${event.message || "the worker could not run"}`));
    });
    this.worker = worker;
    return worker;
  }

  crash(worker, error) {
    if (worker !== this.worker) return;
    worker.terminate();
    this.worker = null;
    this.failAll(error);
  }

  failAll(error) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }
}
