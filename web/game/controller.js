// The controller: owns the wasm Game, the history being viewed, the URL fragment and
// storage; the turn being entered is web/game/entry.js's (shared with <grolman-board>).
// Rules are asked of wasm.
import { Game, piecesOf } from "../../pkg/grolman.js";
import { piecesFrom, stepState } from "../board/state.js";
import { stepsOf } from "../cascade/walker.js";
import { CascadePlayer } from "../cascade/player.js";
import { TurnEntry, lastTurnSteps } from "./entry.js";
import { openGame, variantInfo } from "./open.js";
import { readFragment, writeFragment } from "./url.js";
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
    this.viewPly = 0;
    this.turnEntry = new TurnEntry({ board: ui.board, picker: ui.pickers, say: (text) => this.sayChoice(text) });
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
    let game;
    try {
      game = openGame(variant ?? "grolman", fen);
    } catch (error) {
      const reason = error.field === "fen" ? `bad FEN (${error.message})` : error.message;
      return `The ${source} was not opened: ${reason}.`;
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

  /** Every new position comes through here, so that a choice left open closes with the old one. */
  replace(game) {
    this.game?.free?.();
    this.game = game;
    this.turnEntry.reset(game);
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
    this.turnEntry.refresh();
  }

  /** The live position's status (wasm `status()`). */
  get status() {
    return this.turnEntry.status;
  }

  /** Whether a turn is being entered (a choice is open). */
  get entry() {
    return this.turnEntry.open;
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
    this.showFen();
    this.ui.moveList.render(this.history, this.viewPly);
    this.ui.status.show(this.status, variantInfo(this.game.variant()).displayName);
    this.onChange?.();
  }

  link() {
    return new URL(writeFragment(this.description()), location.href).href;
  }

  // ---- showing positions and cascades ------------------------------------------------

  fenAtPly(ply) {
    return ply === 0 ? this.game.startFen() : this.history[ply - 1].fen;
  }

  piecesAtPly(ply) {
    return piecesFrom(piecesOf(this.fenAtPly(ply)));
  }

  /** The FEN box shows the position on the board, live or looked back at. */
  showFen() {
    this.ui.fenBox.set(this.fenAtPly(Math.min(this.viewPly, this.history.length)));
  }

  /** Leaders of the current position -> their destinations (none while the computer is to move). */
  dests() {
    return this.inputLocked ? new Map() : this.turnEntry.dests();
  }

  /** The prompt of an open choice; the cascade line stops inviting a new leader meanwhile. */
  sayChoice(text) {
    this.ui.prompt.set(text);
    if (text) this.ui.cascade.show({ kind: "choice", text: "Waiting for your choice: see the prompt under the board." }, 0, 0, false);
  }

  /** The live position, playable, with the last turn highlighted. */
  showCurrent() {
    this.viewPly = this.history.length;
    if (!this.entry) this.ui.prompt.set(null);
    const steps = lastTurnSteps(this.game);
    if (steps) {
      this.player.load(steps, { autoplay: false });
    } else {
      this.player.clear();
      this.ui.board.set({ pieces: this.piecesAtPly(0), marks: new Map(), arrows: [], labels: [], choosable: null,
                          dests: this.dests(), check: this.turnEntry.checkSquare, selected: null });
      this.ui.cascade.show(null, 0, 0, false);
    }
    this.ui.moveList.render(this.history, this.viewPly);
    this.showFen();
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
    this.ui.moveList.render(this.history, this.viewPly);
    this.showFen();
    this.ui.prompt.set(this.live ? null : `Viewing ${this.viewedName(target)}: click the board or ▶| to return to the game.`);
  }

  /** "move 5 (Black) of 20", "the start of 20 moves": numbered as the move list numbers them. */
  viewedName(ply) {
    const last = this.history[this.history.length - 1];
    const moves = last ? last.moveNumber : 0;
    if (ply === 0) return `the start of ${moves} ${moves === 1 ? "move" : "moves"}`;
    const turn = this.history[ply - 1];
    return `move ${turn.moveNumber} (${turn.color === "white" ? "White" : "Black"}) of ${moves}`;
  }

  get live() {
    return this.viewPly === this.history.length;
  }

  showStep(step, index, count, playing) {
    const playable = this.live && index === count - 1 && !this.entry;
    this.ui.board.set(stepState(step, {
      dests: playable ? this.dests() : null,
      check: step.kind === "end" && this.live ? this.turnEntry.checkSquare : null,
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
    if (this.inputLocked || !this.live || this.entry) return undefined;
    let entered;
    try {
      entered = await this.turnEntry.enter(from, to);
    } catch (error) {
      this.ui.errors.show(error.message);
      entered = { cancelled: true };
    }
    if (entered.turn) return this.play(entered.turn);
    // Closed from outside (a new game, another turn viewed, Escape): that shows what comes next.
    if (entered.cancelled) this.showCurrent();
    return undefined;
  }

  cancelEntry(redraw = false) {
    const wasEntering = this.entry;
    this.turnEntry.cancel();
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
    this.turnEntry.cancel(); // a new position: nothing stays open over it
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

