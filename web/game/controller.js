// The controller: owns the wasm Game (its tree of turns and the node played from), the URL
// fragment and storage; the turn being entered is web/game/entry.js's (shared with
// <grolman-board>). Rules are asked of wasm. Any node can be played from: a turn that differs
// from the one already there starts a side line.
import { Game, piecesOf } from "../../pkg/grolman.js";
import { piecesFrom, stepState } from "../board/state.js";
import { stepsOf } from "../cascade/walker.js";
import { CascadePlayer } from "../cascade/player.js";
import { TurnEntry, lastTurnSteps } from "./entry.js";
import { openGame, variantName } from "./open.js";
import { readFragment, writeFragment } from "./url.js";
import { dropKept, keepGame, loadGame, loadKept, saveGame } from "./storage.js";
import { errorText, errorTexts } from "../i18n/error-text.js";
import { extras } from "../extras.js";
import { plural, t } from "../i18n/index.js";

// Each variant's standard start, as wasm gives it, asked once: every save and link compares
// the game's start with it.
const standardFens = new Map();
function standardFen(variant) {
  if (!standardFens.has(variant)) {
    const standard = new Game(variant);
    standardFens.set(variant, standard.fen());
    standard.free?.();
  }
  return standardFens.get(variant);
}

export class Controller {
  /**
   * @param {object} ui  the page's views: board, cascade, moveList, status, errors, pickers,
   *                     prompt, fenBox, variantLabel (see web/main.js)
   */
  constructor(ui) {
    this.ui = ui;
    this.game = null;
    this.history = []; // the turns from the start to the current node
    this.tree = null; // the wasm Game's tree(): {current, nodes}
    this.turnEntry = new TurnEntry({ board: ui.board, picker: ui.pickers, say: (text) => this.sayChoice(text) });
    this.autoplay = true;
    this.writtenHash = null;
    this.keptByLink = false; // this page's link put the stored game aside (restoreKept)
    this.told = 0; // counts the problems told and taken away (tell, hush)
    this.inputLocked = false; // while the computer is to move (web/ui/opponent.js)
    this.onChange = null; // called after every change of the game
    this.player = new CascadePlayer((step, index, count, playing) => this.showStep(step, index, count, playing));
  }

  // ---- opening a game -------------------------------------------------------------

  /** Opens the game of the URL fragment, else the stored one, else a new Grolman game. */
  open() {
    const fromUrl = readFragment(location.hash);
    let unchanged = false;
    if (fromUrl) {
      // A link (a lesson's "try it", a shared game) must not cost the stored game its turns:
      // it is kept aside until the player goes back to it (restoreKept).
      const stored = loadGame();
      if (stored && (stored.moves.length || stored.tree) && !sameGame(stored, fromUrl)) {
        keepGame(stored);
        this.keptByLink = true;
      }
      const problem = this.attempt(fromUrl, "link");
      if (problem && !this.game) this.load(loadGame() ?? { variant: "grolman", fen: null, moves: [] }, null);
      if (!this.game) this.load({ variant: "grolman", fen: null, moves: [] }, null);
      if (problem) this.tell(problem);
    } else {
      const stored = loadGame();
      const problem = stored ? this.attempt(stored, "saved") : "no game";
      if (!this.game) this.load({ variant: "grolman", fen: null, moves: [] }, null);
      if (stored && problem) this.tell(problem);
      // A game opened as it was stored (or a new one, none stored) is not saved again: the
      // stored copy is the same, and the write was much of the time to open it. It is saved
      // when it changes.
      unchanged = !stored || !problem;
    }
    this.persist({ save: !unchanged });
    addEventListener("hashchange", () => {
      if (location.hash === this.writtenHash) return;
      const wanted = readFragment(location.hash);
      if (!wanted) return;
      const problem = this.attempt(wanted, "link");
      if (problem) this.tell(problem);
      else this.hush();
      this.persist();
    });
  }

  /** Shows the problem that `say` words once the error texts are in (at once when they are):
   *  just after the board became playable they may still be on their way. A problem that
   *  something newer (another problem, a turn played) replaced before they came is not shown. */
  tell(say) {
    const told = ++this.told;
    errorTexts().then(() => {
      if (told === this.told) this.ui.errors.show(say());
    });
  }

  /** Takes the problem shown (or on its way) away. */
  hush() {
    this.told++;
    this.ui.errors.clear();
  }

  /**
   * Builds a game from {variant, fen, moves, tree, kingless} (`tree` in turn codes, else the main
   * line `moves`; `kingless`, the sides a problem's `fen` lacks the king of, see openGame). A bad
   * variant or FEN keeps the current game; a bad turn code keeps the turns before it. Returns the problem as a sentence, or null.
   */
  load(game, source) {
    return this.attempt(game, source)?.() ?? null;
  }

  /** As load, but the problem comes as the function that words it, or null: a game opened
   *  before the error texts are in says its problem once they are (tell). */
  attempt({ variant, fen, moves, tree, kingless }, source) {
    let game;
    try {
      game = openGame(variant ?? "grolman", fen, kingless);
    } catch (error) {
      return () => {
        const reason = error.field === "fen" ? t("open.badFen", { message: errorText(error) }) : errorText(error);
        return t(`open.failed.${source}`, { reason });
      };
    }
    let problem = null;
    if (tree) {
      try {
        game.readTreeCodes(tree);
      } catch (error) {
        problem = () => t(`open.treeUnread.${source}`, { message: errorText(error) });
      }
      moves = [];
    }
    for (const [index, code] of moves.entries()) {
      try {
        game.play(code);
      } catch (error) {
        problem = () => t(`open.turnUnplayable.${source}`, { number: index + 1, code, message: errorText(error) });
        break;
      }
    }
    this.replace(game);
    return problem;
  }

  /** Goes back to the game a link replaced. Returns the problem as a sentence, or null. */
  restoreKept() {
    const kept = loadKept();
    if (!kept) return null;
    const problem = this.load(kept, "saved");
    dropKept();
    this.persist();
    return problem;
  }

  /** Every new position comes through here, so that a choice left open closes with the old one. */
  replace(game) {
    this.game?.free?.();
    this.game = game;
    this.turnEntry.reset(game);
    this.refresh();
    this.player.clear();
    this.showCurrent();
  }

  /** New game from the dialog. Returns an error message, or null. */
  newGame(variant, fen) {
    try {
      this.replace(new Game(variant, fen || undefined));
    } catch (error) {
      return errorText(error);
    }
    this.hush();
    this.persist();
    return null;
  }

  /** FEN box: a new game of the same variant from that position. Returns an error, or null. */
  loadFen(fen) {
    return this.newGame(this.game.variant(), fen.trim());
  }

  /** Opens a PGN game (read by the extras package). Resolves to an error message, or null. */
  async importPgn(text) {
    const { readPgn } = await extras();
    let game;
    try {
      game = readPgn(text);
    } catch (error) {
      return errorText(error);
    }
    const problem = this.load({ ...game, moves: [] }, "PGN game");
    if (!problem) this.hush();
    this.persist();
    return problem;
  }

  /** The game as PGN (written by the extras package). */
  async exportPgn() {
    const { writePgn } = await extras();
    const { variant, fen, moves, tree } = this.description();
    return writePgn(variant, fen ?? undefined, moves, tree ?? undefined);
  }

  // ---- state -----------------------------------------------------------------------

  refresh() {
    this.history = this.game.history();
    this.tree = this.game.tree();
    this.turnEntry.refresh();
  }

  /** The node played from, as the tree gives it. */
  get node() {
    return this.tree.nodes[this.tree.current];
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
    const variant = this.game.variant();
    const startFen = this.game.startFen();
    const kingless = this.game.kingless();
    return { variant, fen: startFen === standardFen(variant) ? null : startFen, moves: this.game.mainLine(),
             tree: this.game.treeCodes() || null, ...(kingless ? { kingless } : {}) };
  }

  /** Shows the game's new state everywhere and saves it (unless `save` is false: it was only opened). */
  persist({ save = true } = {}) {
    this.ui.board.set({ shapes: this.node.note.shapes });
    const description = this.description();
    if (save) saveGame(description);
    this.writtenHash = writeFragment(description);
    history.replaceState(null, "", this.writtenHash);
    this.showFen();
    this.ui.moveList.render(this.tree);
    this.ui.status.show(this.status, variantName(this.game.variant()));
    this.onChange?.();
  }

  link() {
    return new URL(writeFragment(this.description()), location.href).href;
  }

  // ---- showing positions and cascades ------------------------------------------------

  fenAt(id) {
    return id === 0 ? this.game.startFen() : this.tree.nodes[id].turn.fen;
  }

  piecesAt(id) {
    return piecesFrom(piecesOf(this.fenAt(id), this.game.kingless()));
  }

  /** The FEN box shows the position on the board. */
  showFen() {
    this.ui.fenBox.set(this.game.fen());
  }

  /** Leaders of the current position -> their destinations (none while the computer is to move). */
  dests() {
    return this.inputLocked ? new Map() : this.turnEntry.dests();
  }

  /** The prompt of an open choice; the cascade line stops inviting a new leader meanwhile. */
  sayChoice(text) {
    this.ui.prompt.set(text);
    if (text) this.ui.cascade.show({ kind: "choice", text: t("step.waiting") }, 0, 0, false);
  }

  /** The current node's position, playable, with its turn highlighted. */
  showCurrent() {
    const steps = lastTurnSteps(this.game);
    if (steps) {
      this.player.load(steps, { autoplay: false });
    } else {
      this.player.clear();
      this.ui.board.set({ pieces: this.piecesAt(0), marks: new Map(), arrows: [], labels: [], choosable: null,
                          dests: this.dests(), check: this.turnEntry.checkSquare, selected: null });
      this.ui.cascade.show(null, 0, 0, false);
    }
    this.showPlace();
  }

  /** Writes the page's texts again (after a change of language or piece letters): the move
   *  list, the status, the prompt and the current turn's steps, at the step shown. */
  retell() {
    this.ui.status.show(this.status, variantName(this.game.variant()));
    // A choice being entered keeps its board and prompt; the list is written again.
    if (this.entry) return this.ui.moveList.render(this.tree);
    const index = this.player.index;
    this.showCurrent();
    this.player.go(index);
  }

  /** The move list, the FEN box and the prompt for the current node. */
  showPlace() {
    this.ui.moveList.render(this.tree);
    this.showFen();
    if (this.entry) return;
    const node = this.node;
    this.ui.prompt.set(node.children.length
      ? t("view.prompt", { place: this.viewedName(node) })
      : null);
  }

  /** Goes to node `id` of the tree and replays its turn's cascade; 0 = the start. */
  goTo(id, { autoplay = this.autoplay } = {}) {
    const target = this.tree.nodes[id];
    if (!target) return;
    this.cancelEntry();
    this.game.goTo(id);
    this.refresh();
    if (id === 0) {
      this.showCurrent();
    } else {
      // The history's last turn is this node's, with the outcome when it ended the game.
      const turn = this.history[this.history.length - 1];
      this.player.load(stepsOf(turn, this.piecesAt(target.parent), this.piecesAt(id)), { autoplay });
      this.showPlace();
    }
    this.persist();
  }

  /** The turn before the current node, the next turn of its line, its start and end. */
  stepBack() {
    const parent = this.node.parent;
    if (parent !== null && parent !== undefined) this.goTo(parent);
  }

  stepForward() {
    const next = this.node.children[0];
    if (next !== undefined) this.goTo(next);
  }

  toStart() {
    this.goTo(0);
  }

  toLineEnd() {
    let node = this.node;
    while (node.children.length) node = this.tree.nodes[node.children[0]];
    if (node !== this.node) this.goTo(node.id, { autoplay: false });
  }

  /** Whether the current node ends its line (the computer plays only there). */
  get atLineEnd() {
    return this.node.children.length === 0;
  }

  /** "move 5 (Black) of 20", "the start of 20 moves": numbered as the move list numbers them,
   *  out of the moves of the line through the node. */
  viewedName(node) {
    let end = node;
    while (end.children.length) end = this.tree.nodes[end.children[0]];
    const moves = end.turn ? end.turn.moveNumber : 0;
    if (!node.turn) return plural("view.start", moves);
    return t(`view.move.${node.turn.color}`, { number: node.turn.moveNumber, count: moves });
  }

  /** Moves the line through `id` up one place; deletes the turn at `id` and what follows it. */
  promote(id) {
    this.game.promote(id);
    this.refresh();
    this.showPlace();
    this.persist();
  }

  deleteLine(id) {
    this.cancelEntry();
    this.game.deleteLine(id);
    this.refresh();
    this.showCurrent();
    this.persist();
  }

  /** Sets the current node's comment, keeping its glyphs and shapes. Returns an error, or null. */
  setComment(text) {
    return this.setNote({ ...this.node.note, comment: text.trim() });
  }

  /** Drawing the same shape again takes it away; another colour on the same squares
   *  replaces it (as on lichess). */
  toggleShape(shape) {
    const shapes = this.node.note.shapes;
    const same = (s) => s.from === shape.from && s.to === shape.to;
    const old = shapes.find(same);
    const kept = shapes.filter((s) => !same(s));
    if (!old || old.color !== shape.color) kept.push(shape);
    const problem = this.setNote({ ...this.node.note, shapes: kept });
    if (problem) this.ui.errors.show(problem);
  }

  setNote(note) {
    try {
      this.game.setNote(this.tree.current, note);
    } catch (error) {
      return errorText(error);
    }
    this.refresh();
    this.persist();
    return null;
  }

  showStep(step, index, count, playing) {
    const playable = index === count - 1 && !this.entry;
    this.ui.board.set(stepState(step, {
      dests: playable ? this.dests() : null,
      check: step.kind === "end" ? this.turnEntry.checkSquare : null,
    }));
    this.ui.cascade.show(step, index, count, playing);
  }

  /** A press on the board while a cascade is replaying: skip to its end, so that the same
   *  press can already pick a leader. */
  wake() {
    if (this.entry) return;
    if (!this.player.atEnd) this.player.skip();
  }

  // ---- entering a turn ---------------------------------------------------------------

  async move(from, to) {
    if (this.inputLocked || this.entry) return undefined;
    let entered;
    try {
      entered = await this.turnEntry.enter(from, to);
    } catch (error) {
      this.tell(() => errorText(error));
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
      this.tell(() => errorText(error));
      return this.showCurrent();
    }
    this.hush();
    this.turnEntry.cancel(); // a new position: nothing stays open over it
    this.refresh();
    const node = this.node;
    this.player.load(stepsOf(turn, this.piecesAt(node.parent), this.piecesAt(node.id)), { autoplay: this.autoplay });
    this.showPlace();
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

/** Whether two descriptions ({variant, fen, moves, tree}) name the same game. */
function sameGame(a, b) {
  const key = (g) => JSON.stringify([g.variant, g.fen || null, g.moves ?? [], g.tree || null, g.kingless || null]);
  return key(a) === key(b);
}
