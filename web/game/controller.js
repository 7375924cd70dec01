// The controller: owns the wasm Game, the history being viewed, the turn being entered,
// the URL fragment and storage. Rules are asked of wasm; the only filtering done here is
// of `leads()` by the leader's from/to squares.
import { Game, piecesOf } from "../../pkg/grolman.js";
import { marksFrom as marksOf, piecesFrom, stepState } from "../board/state.js";
import { piecesAfterPrefix, stepsOf } from "../cascade/walker.js";
import { CascadePlayer } from "../cascade/player.js";
import { candidatesClause, capitalize } from "../cascade/text.js";
import { VARIANTS, readFragment, writeFragment } from "./url.js";
import { loadGame, saveGame } from "./storage.js";

export class Controller {
  /**
   * @param {object} ui  the page's views: board, cascade, moveList, status, errors, pickers,
   *                     prompt, fenBox, variantLabel (see web/main.js)
   */
  constructor(ui) {
    this.ui = ui;
    this.game = null;
    this.history = [];
    this.leads = []; // [{ from, to }] of the current position
    this.viewPly = 0;
    this.entry = null; // the open Choices of a turn being entered
    this.autoplay = true;
    this.writtenHash = null;
    this.inputLocked = false; // while the computer is to move (web/ui/opponent.js)
    this.onChange = null; // called after every change of the game
    this.player = new CascadePlayer((step, index, count, playing) => this.showStep(step, index, count, playing));
  }

  // ---- opening a game -------------------------------------------------------------

  /** Opens the game of the URL fragment, else the stored one, else a new Grolman game. */
  open() {
    const fromUrl = readFragment(location.hash);
    if (fromUrl) {
      const problem = this.load(fromUrl, "link");
      if (problem && !this.game) this.load(loadGame() ?? { variant: "grolman", fen: null, moves: [] }, null);
      if (!this.game) this.load({ variant: "grolman", fen: null, moves: [] }, null);
      if (problem) this.ui.errors.show(problem);
    } else {
      const stored = loadGame();
      const problem = stored ? this.load(stored, "saved game") : "no game";
      if (!this.game) this.load({ variant: "grolman", fen: null, moves: [] }, null);
      if (stored && problem) this.ui.errors.show(problem);
    }
    this.persist();
    addEventListener("hashchange", () => {
      if (location.hash === this.writtenHash) return;
      const wanted = readFragment(location.hash);
      if (!wanted) return;
      const problem = this.load(wanted, "link");
      if (problem) this.ui.errors.show(problem);
      else this.ui.errors.clear();
      this.persist();
    });
  }

  /**
   * Builds a game from {variant, fen, moves}. A bad variant or FEN keeps the current game;
   * a bad turn code keeps the turns before it. Returns the problem as a sentence, or null.
   */
  load({ variant, fen, moves }, source) {
    const name = variant ?? "grolman";
    if (!VARIANTS.includes(name)) return `The ${source} was not opened: unknown variant "${name}".`;
    let game;
    try {
      game = new Game(name, fen ?? undefined);
    } catch (error) {
      return `The ${source} was not opened: bad FEN (${error.message}).`;
    }
    let problem = null;
    for (const [index, code] of moves.entries()) {
      try {
        game.play(code);
      } catch (error) {
        problem = `Turn ${index + 1} of the ${source} ("${code}") cannot be played: ${error.message}. The game stops before it.`;
        break;
      }
    }
    this.replace(game);
    return problem;
  }

  replace(game) {
    this.game?.free?.();
    this.game = game;
    this.entry = null;
    this.refresh();
    this.viewPly = this.history.length;
    this.player.clear();
    this.showCurrent();
  }

  /** New game from the dialog. Returns an error message, or null. */
  newGame(variant, fen) {
    try {
      this.replace(new Game(variant, fen || undefined));
    } catch (error) {
      return error.message;
    }
    this.ui.errors.clear();
    this.persist();
    return null;
  }

  /** FEN box: a new game of the same variant from that position. Returns an error, or null. */
  loadFen(fen) {
    return this.newGame(this.game.variant(), fen.trim());
  }

  importPgn(text) {
    let game;
    try {
      game = Game.fromPgn(text);
    } catch (error) {
      return error.message;
    }
    this.replace(game);
    this.ui.errors.clear();
    this.persist();
    return null;
  }

  exportPgn() {
    return this.game.pgn();
  }

  // ---- state -----------------------------------------------------------------------

  refresh() {
    this.history = this.game.history();
    this.leads = this.game.leads();
    this.status = this.game.status();
  }

  get variant() {
    return this.game.variant();
  }

  /** The shareable description of the game (URL fragment and storage). */
  description() {
    const startFen = this.game.startFen();
    const standard = new Game(this.game.variant());
    const isStandard = standard.fen() === startFen;
    standard.free?.();
    return { variant: this.game.variant(), fen: isStandard ? null : startFen, moves: this.history.map((t) => t.code) };
  }

  persist() {
    const description = this.description();
    saveGame(description);
    this.writtenHash = writeFragment(description);
    history.replaceState(null, "", this.writtenHash);
    this.ui.fenBox.set(this.game.fen());
    this.ui.moveList.render(this.history, this.viewPly, this.game.startFen());
    this.ui.status.show(this.status, this.game.variant());
    this.onChange?.();
  }

  link() {
    return new URL(writeFragment(this.description()), location.href).href;
  }

  // ---- showing positions and cascades ------------------------------------------------

  piecesAtPly(ply) {
    const fen = ply === 0 ? this.game.startFen() : this.history[ply - 1].fen;
    return piecesFrom(piecesOf(fen));
  }

  /** Leaders of the current position -> their destinations (from `leads()`, nothing else). */
  dests() {
    if (this.status.state !== "ongoing" || this.inputLocked) return new Map();
    const dests = new Map();
    for (const { from, to } of this.leads) {
      if (!dests.has(from)) dests.set(from, []);
      dests.get(from).push(to);
    }
    return dests;
  }

  checkSquare(pieces) {
    if (!this.status.check) return null;
    for (const [square, piece] of pieces) {
      if (piece.role === "king" && piece.color === this.status.turn) return square;
    }
    return null;
  }

  /** The live position, playable, with the last turn highlighted. */
  showCurrent() {
    this.viewPly = this.history.length;
    if (!this.entry) this.ui.prompt.set(null);
    const last = this.history[this.history.length - 1];
    if (last) {
      const steps = stepsOf(last, this.piecesAtPly(this.viewPly - 1), this.piecesAtPly(this.viewPly));
      this.player.load(steps, { autoplay: false });
    } else {
      this.player.clear();
      const pieces = this.piecesAtPly(0);
      this.ui.board.set({ pieces, marks: new Map(), arrows: [], labels: [], choosable: null,
                          dests: this.dests(), check: this.checkSquare(pieces), selected: null });
      this.ui.cascade.show(null, 0, 0, false);
    }
    this.ui.moveList.render(this.history, this.viewPly, this.game.startFen());
  }

  /** Shows turn `ply` (1-based) of the history, replaying its cascade; 0 = the start. */
  viewTurn(ply, { autoplay = this.autoplay } = {}) {
    this.cancelEntry();
    const target = Math.max(0, Math.min(this.history.length, ply));
    if (target === 0) {
      this.viewPly = 0;
      this.player.clear();
      this.ui.board.set({ pieces: this.piecesAtPly(0), marks: new Map(), arrows: [], labels: [],
                          dests: this.history.length ? null : this.dests(), check: null, selected: null });
      this.ui.cascade.show(null, 0, 0, false);
    } else {
      this.viewPly = target;
      const turn = this.history[target - 1];
      this.player.load(stepsOf(turn, this.piecesAtPly(target - 1), this.piecesAtPly(target)), { autoplay });
    }
    this.ui.moveList.render(this.history, this.viewPly, this.game.startFen());
    this.ui.prompt.set(this.live ? null : `Viewing ${target ? `turn ${target}` : "the start"} of ${this.history.length}: ` +
      "click the board or ▶| to return to the game.");
  }

  get live() {
    return this.viewPly === this.history.length;
  }

  showStep(step, index, count, playing) {
    const playable = this.live && index === count - 1 && !this.entry;
    this.ui.board.set(stepState(step, {
      dests: playable ? this.dests() : null,
      check: step.kind === "end" && this.live ? this.checkSquare(step.pieces) : null,
    }));
    this.ui.cascade.show(step, index, count, playing);
  }

  /** A press on the board while a cascade is replaying: jump to the live position. */
  wake() {
    if (this.entry) return;
    if (!this.live) this.showCurrent();
    else if (!this.player.atEnd) this.player.skip();
  }

  // ---- entering a turn ---------------------------------------------------------------

  async move(from, to) {
    if (!this.leads.some((l) => l.from === from && l.to === to)) return undefined;
    let choices;
    try {
      choices = this.game.choices(`${from}${to}`);
    } catch (error) {
      this.ui.errors.show(error.message);
      return this.showCurrent();
    }
    if (choices.complete) return this.play(choices.turn);
    // The turns this leader can start: one of them draws the partly entered chain.
    this.entryTurns = this.game.turnsLedBy(from, to);
    return this.advance(choices);
  }

  async advance(choices) {
    while (!choices.complete) {
      this.entry = choices;
      const code = await this.askOpenChoice(choices);
      if (code === null) return this.cancelEntry(true);
      try {
        choices = this.game.choices(code);
      } catch (error) {
        this.ui.errors.show(error.message);
        return this.cancelEntry(true);
      }
    }
    this.entry = null;
    this.ui.prompt.set(null);
    return this.play(choices.turn);
  }

  /** Shows the open choice and resolves to the code of the option taken (null: cancelled). */
  async askOpenChoice(choices) {
    const { open } = choices;
    const mover = this.status.turn;
    const sample = (this.entryTurns ?? []).find((t) => t.code === choices.sample);
    const pieces = sample ? piecesAfterPrefix(sample, this.piecesAtPly(this.viewPly), choices.moves) : this.ui.board.state.pieces;
    this.ui.board.set({ pieces, arrows: [], labels: [], dests: null, selected: null, choosable: null });

    if (open.kind === "follower") {
      const froms = [...new Set(open.options.map((o) => o.from))];
      const candidateEvent = { vacated: open.vacated, units: open.options.map((o) => ({ square: o.from, role: o.role, to: o.to })) };
      let square = froms[0];
      if (froms.length > 1) {
        this.ui.board.set({ marks: marksOf({ vacated: open.vacated, candidate: froms }), choosable: new Set(froms) });
        this.ui.prompt.set(`${candidatesClause(dedupe(candidateEvent))}, and they tie: click the unit that follows.`);
        square = await this.ui.board.nextChoice();
        if (square === null) return null;
      } else {
        // One unit, several ways (a promotion, or either castling square): ask only how.
        this.ui.board.set({ marks: marksOf({ vacated: open.vacated, candidate: froms }) });
        this.ui.prompt.set(`${candidatesClause(dedupe(candidateEvent))}: choose how it follows.`);
      }
      const options = open.options.filter((o) => o.from === square);
      if (options.length === 1) return options[0].code;
      return this.ui.pickers.pick({
        title: `${square} follows: choose`,
        options: options.map((o) => ({
          role: o.promotion ?? o.role,
          color: mover,
          label: o.promotion ? `to ${o.to}, promoting to a ${o.promotion}` : `to ${o.to}`,
          value: o.code,
        })),
      });
    }
    const owner = open.kind === "owner_promotion" ? open.options[0]?.color ?? mover : mover;
    const square = open.options[0]?.square ?? open.options[0]?.to;
    this.ui.board.set({ marks: marksOf({ chosen: square ? [square] : [] }) });
    const title = open.kind === "owner_promotion"
      ? `${capitalize(owner)} chooses what the new pawn on ${square} becomes`
      : "Promote to";
    this.ui.prompt.set(title + ".");
    return this.ui.pickers.pick({
      title,
      options: open.options.map((o) => ({ role: o.promotion, color: owner, label: o.promotion, value: o.code })),
    });
  }

  cancelEntry(redraw = false) {
    const wasEntering = this.entry !== null;
    this.entry = null;
    this.ui.prompt.set(null);
    this.ui.board.cancelChoice();
    this.ui.pickers.cancel();
    if (wasEntering && redraw) this.showCurrent();
  }

  play(code) {
    let turn;
    try {
      turn = this.game.play(code);
    } catch (error) {
      this.ui.errors.show(error.message);
      return this.showCurrent();
    }
    this.ui.errors.clear();
    this.refresh();
    this.viewPly = this.history.length;
    this.player.load(stepsOf(turn, this.piecesAtPly(this.viewPly - 1), this.piecesAtPly(this.viewPly)),
                     { autoplay: this.autoplay });
    this.persist();
    return turn;
  }

  undo() {
    this.cancelEntry();
    if (!this.game.undo()) return;
    this.refresh();
    this.showCurrent();
    this.persist();
  }
}

function dedupe(event) {
  const seen = new Set();
  return { ...event, units: event.units.filter((u) => !seen.has(`${u.square}${u.to}`) && seen.add(`${u.square}${u.to}`)) };
}
