// The Solve panel: a problem as text (FEN lines or Popeye input, crates/grolman-engine/README.md),
// solved in its own engine worker, with its progress (the twin, positions searched, time) and
// Cancel, which terminates the worker. The answer is a tree of moves (web/ui/solution.js): a
// move's button puts that line on the board as a game and replays the move's cascade; arrow keys
// walk the tree. The text stays, in the usual layout, with English letters, the language's or
// figurines.
//
// The Stipulation field belongs to the problem the panel writes from the board ("From the
// board", the editor's "Solve from here"): changing it rewrites that problem. A problem typed or
// pasted in has its own stipulation, and the field says so.
import { Cancelled, EngineClient } from "../worker/client.js";
import { countsSolutions, lineOf, solutionText, twinTree, walkWithKeys } from "./solution.js";
import { errorText } from "../i18n/error-text.js";
import { language, plural, t } from "../i18n/index.js";
import { ENGLISH, FIGURINES, shown } from "../i18n/notation.js";

export class SolvePanel {
  /**
   * @param {import("../game/controller.js").Controller} controller
   * @param {{ panel?: HTMLDetailsElement, text: HTMLTextAreaElement, stipulation: HTMLInputElement, fill: HTMLButtonElement,
   *           solve: HTMLButtonElement, cancel: HTMLButtonElement, progress: HTMLElement,
   *           output: HTMLElement, error: HTMLElement, board?: HTMLElement }} els
   */
  constructor(controller, els, { client = new EngineClient() } = {}) {
    this.controller = controller;
    this.els = els;
    this.client = client;
    this.running = null; // { started, progress }
    this.ticker = 0;
    this.written = null; // the problem text this panel wrote from the board
    this.problems = null;
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
    els.text.addEventListener("input", () => this.renderStipulation());
    els.stipulation.addEventListener("input", () => {
      if (this.written !== null && this.els.text.value === this.written.text) this.write(this.written.position);
    });
    this.buildOutput();
    this.render();
  }

  buildOutput() {
    const make = (tag, attributes = {}, text = "") => {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
      node.textContent = text;
      return node;
    };
    this.tree = make("div", { class: "solution-tree", id: "solution-tree" });
    walkWithKeys(this.tree, (path, button) => this.showMove(path, button));
    const bar = make("div", { class: "solution-text-bar" });
    const notation = make("label", {}, `${t("solution.textLabel")} `);
    this.notation = make("select", { id: "solution-notation" });
    this.notation.append(make("option", { value: "letters" }, t("solution.englishLetters")),
                         make("option", { value: "language" }, t("solution.languageLetters")),
                         make("option", { value: "figurines" }, t("notation.figurines.option")));
    this.notation.addEventListener("change", () => this.renderText());
    notation.append(this.notation);
    this.copyButton = make("button", { type: "button", id: "solution-copy" }, t("solution.copy"));
    this.copyButton.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(this.textOut.textContent);
        this.copyButton.textContent = t("solution.copied");
      } catch {
        getSelection().selectAllChildren(this.textOut);
        this.copyButton.textContent = t("solution.selected");
      }
      setTimeout(() => { this.copyButton.textContent = t("solution.copy"); }, 2000);
    });
    bar.append(notation, this.copyButton);
    this.textOut = make("pre", { class: "solution-text", id: "solution-text" });
    this.stipulationNote = make("span", { class: "stipulation-note", id: "solve-stipulation-note" });
    this.els.stipulation.closest("label")?.after(this.stipulationNote);
    this.els.output.replaceChildren(this.tree, bar, this.textOut);
  }

  /** The FEN-line form of the position on the board: `<variant> <fen> <stipulation>`. */
  fillFromBoard() {
    const game = this.controller.game;
    this.write({ variant: game.variant(), fen: game.fen() });
  }

  write(position) {
    const stipulation = this.els.stipulation.value.trim() || "#2";
    const text = `${position.variant} ${position.fen} ${stipulation}`;
    this.els.text.value = text;
    this.written = { text, position };
    this.renderStipulation();
  }

  /** Opens the panel on `text` (a link's #problem=, the editor's "Solve from here") and solves it. */
  openProblem(text, { position = null, stipulation = null } = {}) {
    if (this.els.panel) this.els.panel.open = true;
    if (stipulation) this.els.stipulation.value = stipulation;
    if (position) this.write(position);
    else {
      this.els.text.value = text;
      this.written = null;
      this.renderStipulation();
    }
    this.els.panel?.scrollIntoView?.({ block: "nearest" });
    return this.solve();
  }

  renderStipulation() {
    const own = this.written === null || this.els.text.value !== this.written.text;
    this.stipulationNote.textContent = own && this.els.text.value.trim() ? t("solve.ownStipulation") : "";
  }

  async solve() {
    if (this.running) return;
    if (!this.els.text.value.trim()) this.fillFromBoard();
    const text = this.els.text.value;
    const run = (this.running = { started: performance.now(), progress: null });
    this.els.error.textContent = "";
    this.els.output.hidden = true;
    this.ticker = setInterval(() => this.renderProgress(), 100);
    this.render();
    try {
      const problems = await this.client.solve(text, { onProgress: (progress) => { run.progress = progress; } });
      if (run !== this.running) return;
      this.show(problems, performance.now() - run.started);
    } catch (error) {
      if (run !== this.running) return;
      const seconds = seconds1(performance.now() - run.started);
      if (error instanceof Cancelled) this.els.progress.textContent = t("solve.cancelled", { time: seconds });
      else {
        this.els.progress.textContent = t("solve.stopped", { time: seconds });
        this.els.error.textContent = t("solve.failed", { message: errorText(error) });
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
    this.problems = problems;
    const verdicts = [];
    const sections = [];
    problems.forEach((problem, p) => {
      problem.twins.forEach((twin, t) => {
        sections.push(twinTree(twin, `${p}.${t}`, (path, button) => this.showMove(path, button)));
        verdicts.push(verdictOf(twin));
      });
    });
    this.tree.replaceChildren(...sections);
    this.renderText();
    this.els.output.hidden = false;
    this.els.progress.dataset.state = "done";
    this.els.progress.textContent = t("solve.solved", { time: seconds1(ms), verdicts: verdicts.join("; ") });
  }

  renderText() {
    const letters = { letters: ENGLISH, language: t("notation.letters"), figurines: FIGURINES }[this.notation.value];
    if (this.problems) this.textOut.textContent = solutionText(this.problems, { letters });
  }

  /**
   * Puts a move of the tree on the board: the twin's position and the line up to that move as a
   * game (from the position after the last pass, when the line has one), replaying its cascade.
   */
  showMove(path, button) {
    const [p, w] = button.closest(".twin").dataset.twin.split(".").map(Number);
    const twin = this.problems[p].twins[w];
    let line;
    try {
      line = lineOf(twin, path);
    } catch (error) {
      this.els.error.textContent = t("solve.cannotShow", { message: errorText(error) });
      return;
    }
    const { fen, moves } = line;
    const problem = this.controller.load({ variant: twin.variant, fen, moves, kingless: twin.kingless }, "solution");
    this.controller.persist();
    if (problem) this.els.error.textContent = problem;
    else this.controller.goTo(this.controller.tree.current, { autoplay: true }); // the line's last turn, replayed
    for (const b of this.tree.querySelectorAll("button.move[aria-current]")) b.removeAttribute("aria-current");
    button.setAttribute("aria-current", "true");
    // On a phone the board is above the panel, out of sight: bring it back to show the move.
    const board = this.els.board?.getBoundingClientRect();
    if (board && (board.bottom <= 0 || board.top >= window.innerHeight)) this.els.board.scrollIntoView({ block: "start" });
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
    const { started, progress } = this.running;
    this.els.progress.dataset.state = "running";
    const trying = progress?.first
      ? t("solve.trying", { move: shown(progress.first), index: progress.firstIndex, count: progress.firstCount }) : "";
    const twin = progress?.label ? t("solve.inTwin", { twin: progress.label }) : "";
    const searched = progress ? t("solve.positions", { positions: positions(progress.nodes) }) + twin + trying : "";
    this.els.progress.textContent = t("solve.running", { time: seconds1(performance.now() - started) }) + searched;
  }
}

/** A twin's verdict for the status line: keys or solutions counted as its report counts them. */
function verdictOf(twin) {
  const label = twin.label ? `${twin.label} ` : "";
  const counted = countsSolutions(twin) ? "solution" : "key";
  const verdict = ["cooked", "fewer"].includes(twin.verdict)
    ? plural(`solve.verdict.${twin.verdict}.${counted}`, twin.found, { intended: twin.intended })
    : ["sound", "none", "illegal"].includes(twin.verdict) ? t(`solve.verdict.${twin.verdict}`) : twin.verdict;
  return `${label}${twin.stipulation} ${verdict}`;
}

const seconds1 = (ms) => new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
const positions = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${Math.round(n / 1e3)} k` : String(n));
