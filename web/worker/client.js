// The page's side of the engine worker: requests as promises, and cancel. A running search or
// solve cannot be interrupted from outside, so cancel terminates the worker; the next request
// starts a fresh one (the wasm module is fetched from the HTTP cache, so a restart is quick).

import { errorFrom } from "../i18n/error-text.js";

/** Rejection reason of the requests cut off by `cancel()`. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

export class EngineClient {
  constructor(url = new URL("./engine-worker.js", import.meta.url)) {
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
    const worker = new Worker(this.url, { type: "module", name: "grolman-engine" });
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
