// Playing the computer: which side it takes, how hard it thinks, and hints. The search runs in
// the engine worker (web/worker/), so the page keeps answering while it thinks. The computer's
// turn goes through the controller's ordinary `play`, so its cascade replays like any other.
import { Game, engineLevels } from "../../pkg/grolman.js";
import { Cancelled, EngineClient } from "../worker/client.js";
import { marksFrom } from "../board/state.js";
import { turnText } from "../cascade/summary.js";
import { errorText } from "../i18n/error-text.js";
import { PANELS, language, t, withTexts } from "../i18n/index.js";
import { shown } from "../i18n/notation.js";

// Its texts are the catalog's panels part (whoever loads a language from now on brings it).
withTexts(PANELS);

/** The engine's level (1-5) of a variant, as the facade gives it: `{ level, movetimeMs, maxDepth,
 *  table }` (the page's package: the page says it in its words, levelLabel and levelMeaning). The levels are the engine crate's (grolman-engine level.rs), the ones
 *  `grolman match --a level=3` measures. */
export function levelOf(variant, level) {
  const levels = engineLevels(variant);
  return levels[Math.min(levels.length, Math.max(1, level)) - 1];
}

// One formatter per language and number of digits: making an Intl.NumberFormat costs about as
// much as a whole level list's other work (it was most of the panels' start-up in a profile).
const formats = new Map();

/** Seconds as people read them in the current language: "0.5", "1.5", "4" (German "0,5"). */
export function seconds(ms, digits = ms < 1000 ? 1 : 0) {
  const key = `${language()} ${digits}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(language(), { minimumFractionDigits: digits, maximumFractionDigits: 1 }));
  return formats.get(key).format(ms / 1000);
}

/** "3: up to 0.5 s", "1: up to 0.1 s, depth 1": what a level asks of the search. */
export const levelLabel = ({ level, movetimeMs, maxDepth }) =>
  t(maxDepth ? "level.labelDepth" : "level.label", { number: level, time: seconds(movetimeMs), depth: maxDepth });

/** What playing a level is like (the engine crate's level, described in the language by its table's texts). */
export const levelMeaning = ({ table, level }) => t(`level.meaning.${table}.${level}`);

/** What the worker's search takes from a level. */
const limitsOf = ({ movetimeMs, maxDepth }) => ({ movetimeMs, maxDepth });

const TICK_MS = 100;

export class Opponent {
  /**
   * @param {import("../game/controller.js").Controller} controller
   * @param {{ side: HTMLSelectElement, level: HTMLSelectElement, hint: HTMLButtonElement,
   *           state: HTMLElement, line: HTMLElement, meaning?: HTMLElement }} els
   * @param {{ side?: string, level?: number, save?: (prefs: object) => void, client?: EngineClient }} options
   */
  constructor(controller, els, { side = "none", level = 2, save = () => {}, client = new EngineClient() } = {}) {
    this.controller = controller;
    this.els = els;
    this.save = save;
    this.client = client;
    this.side = ["white", "black"].includes(side) ? side : "none";
    this.level = Number(level) || 2;
    this.job = null; // { kind: "move" | "hint", key, level, limits, started }
    this.hint = null; // { key, turn, result }
    this.last = null; // the computer's last search: its result, color and move number
    this.seen = this.snapshot();
    this.ticker = 0;

    els.side.value = this.side;
    els.level.value = String(this.level);
    els.side.addEventListener("change", () => {
      this.side = els.side.value;
      // Your own side at the bottom: playing Black against the computer turns the board.
      const board = controller.ui.board;
      if (this.side !== "none") board.set({ orientation: this.side === "white" ? "black" : "white" });
      this.save({ computer: this.side, orientation: board.state.orientation });
      if (this.job?.kind === "move" && !this.computerToMove()) this.stop();
      this.update({ fresh: true });
    });
    els.level.addEventListener("change", () => {
      this.level = Number(els.level.value);
      this.save({ level: this.level });
      this.render();
    });
    els.hint.addEventListener("click", () => this.askHint());
  }

  // ---- reacting to the game ----------------------------------------------------------

  /** The controller calls this after every change of the game (turn, undo, new game, load). */
  update({ fresh = false } = {}) {
    const before = this.seen;
    const now = this.snapshot();
    this.seen = now;
    if (this.job && this.job.key !== now.key) this.stop();
    if (this.hint && this.hint.key !== now.key) this.hint = null;
    if (this.computerToMove()) {
      // Undo while playing the computer takes back its turn too, so the player can retry.
      const undone = !fresh && now.codes.length === before.codes.length - 1 &&
        now.codes.every((code, index) => code === before.codes[index]);
      if (undone && now.codes.length > 0) return this.controller.undo();
      this.think();
    }
    this.render();
  }

  snapshot() {
    const game = this.controller.game;
    const codes = this.controller.history.map((turn) => turn.code);
    return { codes, key: game ? `${codes.length}|${game.variant()}|${game.fen()}` : "" };
  }

  get ongoing() {
    return this.controller.game && this.controller.status?.state === "ongoing";
  }

  computerToMove() {
    // Only at the end of a line: going back over a game to look at it is no call to play.
    return this.side !== "none" && this.ongoing && this.controller.game.turnColor() === this.side &&
      !this.controller.entry && this.controller.atLineEnd;
  }

  // ---- searching ---------------------------------------------------------------------

  async think() {
    const key = this.seen.key;
    if (this.job?.kind === "move" && this.job.key === key) return;
    this.stop();
    const job = this.start("move", key, this.level);
    this.lock(true);
    let result;
    try {
      result = await this.client.search(this.controller.variant, this.controller.game.fen(), this.limits(job));
    } catch (error) {
      return this.finish(job, error);
    }
    if (job !== this.job) return;
    result = { ...result, timeMs: elapsedMs(job) };
    // The search ran while your turn replayed; the reply waits for the replay's end (a click
    // on the board skips it), so that the board never shows two turns at once.
    job.found = result;
    this.renderState();
    while (this.controller.player.playing && job === this.job) await this.controller.player.idle();
    if (job !== this.job) return;
    this.finish(job);
    this.last = { ...result, line: this.lineOf(result), color: this.side, number: this.controller.status.moveNumber };
    this.controller.play(result.best);
  }

  async askHint() {
    if (!this.ongoing || this.job || this.computerToMove()) return;
    // A hint at the lowest levels would be a poor one: it thinks at least as long as level 3.
    const job = this.start("hint", this.seen.key, Math.max(3, this.level));
    let result;
    try {
      result = await this.client.search(this.controller.variant, this.controller.game.fen(), this.limits(job));
    } catch (error) {
      return this.finish(job, error);
    }
    if (job !== this.job) return;
    this.finish(job);
    result = { ...result, timeMs: elapsedMs(job) };
    const turn = { from: result.bestFrom, to: result.bestTo, notation: result.bestNotation };
    this.hint = { key: job.key, turn, result: { ...result, line: this.lineOf(result) } };
    this.showHint();
    this.render();
  }

  /** The job's limits, with the report of each finished depth kept on the job for display. */
  limits(job) {
    return {
      ...job.limits,
      onProgress: (progress) => {
        if (job !== this.job) return;
        job.progress = { ...progress, line: this.lineOf(progress), color: this.controller.game.turnColor() };
        this.renderState();
      },
    };
  }

  /** The notations of a search's expected line, a long list of transformations summed up.
   *  Only Tatarstan turns have them; the turns (with their events) are played out by the
   *  rules from the searched position. */
  lineOf(result) {
    if (this.controller.variant !== "tatarstan") return result.pvNotation;
    let game;
    try {
      game = new Game(this.controller.variant, this.controller.game.fen(), this.controller.game.kingless());
      return result.pv.map((code) => {
        const turn = game.play(code);
        return turnText(turn);
      });
    } catch {
      return result.pvNotation;
    } finally {
      game?.free?.();
    }
  }

  start(kind, key, level) {
    this.job = { kind, key, level, limits: limitsOf(levelOf(this.controller.variant, level)), started: performance.now() };
    this.ticker = setInterval(() => this.renderState(), TICK_MS);
    this.render();
    return this.job;
  }

  /** Ends `job` (with the error that ended it, if any). */
  finish(job, error = null) {
    if (job !== this.job) return;
    this.job = null;
    clearInterval(this.ticker);
    this.lock(false);
    if (error && !(error instanceof Cancelled)) {
      this.controller.ui.errors.show(t("computer.failed", { message: errorText(error) }));
    }
    this.render();
  }

  /** Stops the running search, if any: the worker is terminated and restarted on demand. */
  stop() {
    const job = this.job;
    if (!job) return;
    this.client.cancel();
    this.finish(job);
  }

  /** While the computer is to move, nobody can lead on the board. */
  lock(locked) {
    const controller = this.controller;
    controller.inputLocked = locked;
    if (locked) controller.ui.board.set({ dests: null, selected: null });
    else if (controller.player.atEnd) controller.ui.board.set({ dests: controller.dests() });
  }

  showHint() {
    const controller = this.controller;
    const turn = this.hint?.turn;
    if (!turn) return;
    if (!controller.player.atEnd) controller.player.skip();
    controller.ui.board.set({
      marks: marksFrom({ hint: [turn.from], "hint-to": [turn.to] }),
      arrows: [{ from: turn.from, to: turn.to, kind: "hint" }],
    });
  }

  // ---- showing -----------------------------------------------------------------------

  render() {
    const { hint, level } = this.els;
    const variant = this.controller.game ? this.controller.variant : "grolman";
    for (const option of level.options) {
      const text = levelLabel(levelOf(variant, Number(option.value)));
      if (option.textContent !== text) option.textContent = text;
    }
    const chosen = levelOf(variant, this.level);
    const meaning = t("level.meaning", { number: chosen.level, meaning: levelMeaning(chosen) });
    if (this.els.meaning && this.els.meaning.textContent !== meaning) this.els.meaning.textContent = meaning;
    hint.disabled = !this.ongoing || this.job !== null || this.computerToMove();
    hint.setAttribute("aria-busy", String(this.job?.kind === "hint"));
    this.renderState();
    this.renderLine();
  }

  renderState() {
    const { state } = this.els;
    const job = this.job;
    // A live region: busy while the seconds tick, so that only the outcome is read out.
    state.setAttribute("aria-busy", String(job !== null));
    if (job?.found) {
      // Found, and waiting for your turn's replay: say so, with the time the search really took.
      state.dataset.state = "ready";
      state.textContent = t("computer.found", { time: seconds(job.found.timeMs, 1), depth: job.found.depth });
      return;
    }
    if (job) {
      const time = seconds(performance.now() - job.started, 1);
      const level = levelLabel(levelOf(this.controller.variant, job.level));
      state.dataset.state = "thinking";
      const found = job.progress ? t("computer.expects", { summary: summary(job.progress, job.progress.color),
        line: numbered(job.progress.line, this.controller.status.moveNumber, job.progress.color) }) : "";
      state.textContent = t(job.kind === "hint" ? "computer.hinting" : "computer.thinking", { time, level }) + found;
      return;
    }
    if (this.hint?.turn) {
      state.dataset.state = "hint";
      state.textContent = t("computer.hint.text", { move: shown(this.hint.turn.notation), summary: summary(this.hint.result, this.controller.game.turnColor()) });
      return;
    }
    state.dataset.state = this.side === "none" ? "off" : "waiting";
    if (this.side === "none") state.textContent = t("computer.off");
    else if (this.last && this.seen.codes.length && this.last.best === this.seen.codes.at(-1)) {
      state.textContent = t("computer.played", { move: shown(this.last.bestNotation), summary: summary(this.last, this.last.color) });
    } else if (!this.ongoing) state.textContent = t("computer.over");
    else if (this.controller.game.turnColor() === this.side) {
      state.textContent = t("computer.retry");
    }
    else state.textContent = t(`computer.yourTurn.${this.side}`);
  }

  /** The line the computer expects after its last turn (or the hint's). */
  renderLine() {
    const { line } = this.els;
    const source = this.hint?.turn ? { ...this.hint.result, number: this.controller.status.moveNumber,
      color: this.controller.game.turnColor() } : this.last;
    const current = source && (this.hint?.turn || this.last?.best === this.seen.codes.at(-1));
    line.hidden = !(current && !this.job && source.line.length);
    line.textContent = line.hidden ? "" : t("computer.expected", { line: numbered(source.line, source.number, source.color) });
  }
}

/** The time a job has really taken, from the request to now. The engine's own figure is the
 *  time to its last finished depth, and leaves out a depth cut short by the time budget. */
const elapsedMs = (job) => performance.now() - job.started;

/** "depth 6, score +0.20 for white, 1.0 s, 250 kN/s": the score is the mover's, in pawns. */
function summary(result, mover) {
  const nps = result.nps >= 1e6 ? `${(result.nps / 1e6).toFixed(2)} MN/s` : `${Math.round(result.nps / 1000)} kN/s`;
  return t("computer.summary", { depth: result.depth, score: result.scoreText, side: t(`computer.for.${mover}`), time: seconds(result.timeMs, 1), nps });
}

/** Numbers a line of turns the way the move list does: "12.e4 e5 13.Nf3", "12...e5 13.Nf3". */
export function numbered(notations, number, color) {
  let n = number;
  let black = color === "black";
  return notations.map((text, index) => {
    const prefix = black ? (index === 0 ? `${n}...` : "") : `${n}.`;
    if (black) n += 1;
    black = !black;
    return prefix + shown(text);
  }).join(" ");
}


