// The analysis panel: the engine, in its own worker, analyses the position on the board and
// shows an evaluation bar and the best three lines with their depth (wasm `analyse`, multi-PV),
// deepening until the position changes or the time per position runs out. Off by default; the
// A key or the button toggles it. The board never waits for it: every new position terminates
// the running analysis (web/worker/client.js) and starts the next one a moment later, so that
// stepping quickly through a game does not start a search per step.
import { Cancelled, EngineClient } from "../worker/client.js";
import { numbered } from "./opponent.js";
import { errorText } from "../i18n/error-text.js";
import { t } from "../i18n/index.js";

const LINES = 3;
/** Milliseconds of analysis per position: enough for a deep look, not a fan left running. */
const TIME_PER_POSITION_MS = 60_000;
/** Quiet time after a change before the analysis starts. */
const SETTLE_MS = 150;

export class AnalysisPanel {
  /**
   * @param {import("../game/controller.js").Controller} controller
   * @param {{panel: HTMLElement, toggle: HTMLButtonElement, bar: HTMLElement, fill: HTMLElement,
   *          score: HTMLElement, depth: HTMLElement, lines: HTMLOListElement}} els
   */
  constructor(controller, els, client = new EngineClient()) {
    this.controller = controller;
    this.els = els;
    this.client = client;
    this.on = false;
    this.key = null; // the variant and FEN being analysed
    this.timer = 0;
    els.toggle.addEventListener("click", () => this.toggle());
  }

  toggle() {
    this.on = !this.on;
    this.els.panel.hidden = !this.on;
    this.els.toggle.setAttribute("aria-pressed", String(this.on));
    if (this.on) {
      this.key = null;
      this.update();
    } else {
      this.stop();
    }
  }

  /** The board moved on: analyse its position (when on and it is another one). */
  update() {
    if (!this.on || !this.controller.game) return;
    const variant = this.controller.variant;
    const fen = this.controller.game.fen();
    const key = `${variant}|${fen}`;
    if (key === this.key) return;
    this.stop();
    this.key = key;
    this.show(null);
    this.els.depth.textContent = t("analysis.running");
    this.timer = setTimeout(() => this.start(variant, fen, key), SETTLE_MS);
  }

  stop() {
    clearTimeout(this.timer);
    if (this.client.busy) this.client.cancel();
    this.key = null;
  }

  async start(variant, fen, key) {
    const moveNumber = this.controller.status.moveNumber;
    const color = this.controller.game.turnColor();
    const onProgress = (analysis) => {
      if (this.key === key) this.show(analysis, moveNumber, color);
    };
    try {
      const analysis = await this.client.analyse(variant, fen, { lines: LINES, movetimeMs: TIME_PER_POSITION_MS, onProgress });
      if (this.key === key) this.show(analysis, moveNumber, color, true);
    } catch (error) {
      if (!(error instanceof Cancelled) && this.key === key) this.els.depth.textContent = t("analysis.failed", { message: errorText(error) });
    }
  }

  /** Draws one finished depth (or an empty panel for null). */
  show(analysis, moveNumber, color, finished = false) {
    const lines = analysis?.lines ?? [];
    const best = lines[0];
    this.els.lines.replaceChildren(...lines.map((line) => lineItem(line, moveNumber, color)));
    if (!analysis) {
      this.bar(null);
      return;
    }
    if (!best) {
      this.bar(null);
      this.els.depth.textContent = t("analysis.over");
      return;
    }
    this.bar(best);
    this.els.depth.textContent = t(finished ? "analysis.depthDone" : "analysis.depth", { depth: analysis.depth });
  }

  /** The bar: White's share, from the best line's score (a mate fills it). */
  bar(best) {
    let share = 50;
    let text = "";
    if (best) {
      const white = best.whiteScore;
      share = best.mate !== null && best.mate !== undefined ? (white > 0 ? 100 : 0)
        : 50 + 50 * Math.tanh(white / 600);
      text = whiteText(best);
    }
    this.els.fill.style.height = `${share.toFixed(1)}%`;
    this.els.score.textContent = text;
    this.els.bar.setAttribute("aria-valuenow", share.toFixed(0));
    this.els.bar.setAttribute("aria-valuetext", text ? t("analysis.forWhite", { score: text }) : t("analysis.none"));
  }
}

/** A score from White's side: `+0.35`, `-1.20`, `#3`, `#-2`. */
function whiteText(line) {
  if (line.mate !== null && line.mate !== undefined) {
    const forWhite = line.whiteScore > 0 ? Math.abs(line.mate) : -Math.abs(line.mate);
    return `#${forWhite}`;
  }
  const pawns = line.whiteScore / 100;
  return `${pawns >= 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

function lineItem(line, moveNumber, color) {
  const li = document.createElement("li");
  li.className = "analysis-line";
  const score = document.createElement("span");
  score.className = "analysis-score";
  score.textContent = whiteText(line);
  const turns = document.createElement("span");
  turns.className = "analysis-turns";
  turns.textContent = numbered(line.pvNotation, moveNumber, color);
  li.append(score, " ", turns);
  li.dataset.best = line.best;
  return li;
}
