// The Solve panel: a problem as text (FEN lines or Popeye input, crates/grolman-engine/README.md),
// solved in its own engine worker. The solver reports nothing until it is done, so progress is
// the time elapsed; Cancel terminates the worker. The game on the board is never touched.
import { Cancelled, EngineClient } from "../worker/client.js";

const VERDICTS = {
  sound: "sound",
  cooked: "cooked",
  fewer: "fewer solutions than intended",
  none: "no solution",
};

export class SolvePanel {
  /**
   * @param {import("../game/controller.js").Controller} controller
   * @param {{ panel?: HTMLDetailsElement, text: HTMLTextAreaElement, stipulation: HTMLInputElement, fill: HTMLButtonElement,
   *           solve: HTMLButtonElement, cancel: HTMLButtonElement, progress: HTMLElement,
   *           output: HTMLElement, error: HTMLElement }} els
   */
  constructor(controller, els, { client = new EngineClient() } = {}) {
    this.controller = controller;
    this.els = els;
    this.client = client;
    this.running = null; // { started }
    this.ticker = 0;
    // Opening the panel offers the position on the board, unless a problem is already there.
    els.panel?.addEventListener("toggle", () => {
      if (els.panel.open && !els.text.value.trim()) this.fillFromBoard();
    });
    els.fill.addEventListener("click", () => this.fillFromBoard());
    els.solve.addEventListener("click", () => this.solve());
    els.cancel.addEventListener("click", () => this.cancel());
    els.text.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.solve();
      }
    });
    this.render();
  }

  /** The FEN-line form of the position on the board: `<variant> <fen> <stipulation>`. */
  fillFromBoard() {
    const game = this.controller.game;
    const stipulation = this.els.stipulation.value.trim() || "#2";
    this.els.text.value = `${game.variant()} ${game.fen()} ${stipulation}`;
  }

  async solve() {
    if (this.running) return;
    if (!this.els.text.value.trim()) this.fillFromBoard();
    const text = this.els.text.value;
    const run = (this.running = { started: performance.now() });
    this.els.error.textContent = "";
    this.els.output.textContent = "";
    this.els.output.hidden = true;
    this.ticker = setInterval(() => this.renderProgress(), 100);
    this.render();
    try {
      const problems = await this.client.solve(text);
      if (run !== this.running) return;
      this.show(problems, performance.now() - run.started);
    } catch (error) {
      if (run !== this.running) return;
      const seconds = seconds1(performance.now() - run.started);
      if (error instanceof Cancelled) this.els.progress.textContent = `Cancelled after ${seconds} s.`;
      else {
        this.els.progress.textContent = `Stopped after ${seconds} s.`;
        this.els.error.textContent = `The problem could not be solved: ${error.message}`;
      }
      this.els.progress.dataset.state = error instanceof Cancelled ? "cancelled" : "error";
    } finally {
      if (run === this.running) {
        this.running = null;
        clearInterval(this.ticker);
        this.render();
      }
    }
  }

  cancel() {
    if (this.running) this.client.cancel();
  }

  show(problems, ms) {
    const blocks = [];
    const verdicts = [];
    for (const problem of problems) {
      if (problem.title) blocks.push(problem.title);
      for (const twin of problem.twins) {
        blocks.push(twin.text.trimEnd());
        verdicts.push(verdictOf(twin));
      }
    }
    this.els.output.textContent = blocks.join("\n\n");
    this.els.output.hidden = false;
    this.els.progress.dataset.state = "done";
    this.els.progress.textContent = `Solved in ${seconds1(ms)} s: ${verdicts.join("; ")}.`;
  }

  render() {
    const running = this.running !== null;
    this.els.solve.disabled = running;
    this.els.cancel.disabled = !running;
    this.els.progress.setAttribute("aria-busy", String(running));
    if (running) this.renderProgress();
  }

  renderProgress() {
    if (!this.running) return;
    this.els.progress.dataset.state = "running";
    this.els.progress.textContent = `Solving… ${seconds1(performance.now() - this.running.started)} s`;
  }
}

function verdictOf(twin) {
  const label = twin.label ? `${twin.label} ` : "";
  if (twin.verdict === "cooked") return `${label}${twin.stipulation} cooked (${twin.found} solutions, ${twin.intended} intended)`;
  if (twin.verdict === "fewer") return `${label}${twin.stipulation} ${twin.found} of ${twin.intended} intended solutions`;
  return `${label}${twin.stipulation} ${VERDICTS[twin.verdict] ?? twin.verdict}`;
}

const seconds1 = (ms) => (ms / 1000).toFixed(1);
