// <grolman-board>: a problem diagram, a replay of a game with every cascade step explained
// (mode="replay", web/embed/replay-mode.js), a playable board, or a problem to solve
// (mode="solve", web/embed/solve-mode.js), for any page, from one module script tag:
//   <script type="module" src=".../build/site/grolman-board.js"></script>   (its bundle; this file works unbundled too)
//   <grolman-board variant="grolman" fen="..." moves="e2e4 e7e5" mode="replay"></grolman-board>
// A replay can be a study: a PGN (the `pgn` attribute or a child
// <script type="application/x-chess-pgn">) with side lines, comments and shapes, which the turn
// list shows and the board draws as the replay reaches them.
// The rules package (pkg/grolman.js and its .wasm) is found relative to this file. The board,
// the cascade walker and its sentences are the playground's own modules; the rules come from
// wasm only. Every attribute is data: text goes in with textContent, never as markup.
import init, { Game, diagramFacts, piecesOf } from "../../pkg/grolman.js";
import { extras } from "../extras.js";
import { Board } from "../board/board.js";
import { piecesFrom, stepState } from "../board/state.js";
import { CascadePlayer } from "../cascade/player.js";
import { capitalize, outcomeText, side } from "../cascade/text.js";
import { stepsOf } from "../cascade/walker.js";
import { TurnEntry, lastTurnSteps } from "../game/entry.js";
import { openGame, variantInfo, variantName } from "../game/open.js";
import { ERRORS, PANELS, browserLanguage, onLanguageChange, supported, t, useLanguage, withTexts } from "../i18n/index.js";
import { Picker } from "../ui/pickers.js";
import { lineOf } from "../ui/solution.js";
import { diagramAlt, fileName, pngBlob, positionWords, save, svgBlob } from "./export.js";
import { ATTRIBUTES, CAPTION, SettingError, quote, readSettings } from "./settings.js";
import { ReplayMode } from "./replay-mode.js";
import { SolveMode } from "./solve-mode.js";
import { errorText } from "../i18n/error-text.js";

// Every mode's texts and the rules' errors (a bad setting is said at once): the element loads its
// language whole (it waits for its texts, not for a page's first screen).
withTexts(ERRORS);
withTexts(PANELS);

let rulesLoading = null;
/** One wasm instance for every board of the page. */
const loadRules = () => (rulesLoading ??= init());

/** A study's PGN as `{ variant, fen, tree }`: read by the rules' extras package, which loads for
 *  the first study on the page (a board without PGN never asks for it). */
async function readStudy(pgn) {
  const { readPgn } = await extras();
  try {
    return readPgn(pgn);
  } catch (error) {
    throw new SettingError(`bad pgn: ${errorText(error)}`);
  }
}

// Each named by a literal URL, so that a bundle (scripts/build-web.mjs) and `make dist` find them.
const STYLESHEETS = [new URL("../board/theme.css", import.meta.url).href, new URL("./grolman-board.css", import.meta.url).href];

const make = (tag, attributes = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
};

/** The child script that holds the element's PGN, read as text (never run). */
const PGN_SCRIPT = 'script[type="application/x-chess-pgn"]';

/** The units of a FEN, as the board draws them. */
const placement = (fen, kingless) => piecesFrom(piecesOf(fen, kingless));

export class GrolmanBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this.generation = 0;
    this.queued = false;
    this.game = null;
    this.player = null;
    this.board = null;
    this.entry = null;
    /** Resolves after every render (tests and pages that script the element). */
    this.rendered = Promise.resolve();
    // A child PGN script that comes or changes after the element (a page that fills it in
    // later) is a new setting, as an attribute change is.
    this.childWatch = new MutationObserver(() => this.schedule());
  }

  connectedCallback() {
    this.childWatch.observe(this, { childList: true, subtree: true, characterData: true });
    // Without a lang of its own the element follows its page's language when that changes.
    this.stopListening = onLanguageChange(() => {
      if (this.language() !== this.shownLanguage) this.schedule();
    });
    this.schedule();
  }

  disconnectedCallback() {
    this.childWatch.disconnect();
    this.generation += 1;
    this.stopListening?.();
    this.teardown();
  }

  /** The element's language: its `lang` (or its nearest ancestor's, <html lang> included),
   *  else the browser's. One language is current for the whole page: boards of two languages
   *  on one page each write in the language of the last one rendered. */
  language() {
    return supported(this.closest("[lang]")?.getAttribute("lang")) ?? browserLanguage();
  }

  /** The PGN of the `pgn` attribute, else of the child script. */
  pgnText() {
    return this.getAttribute("pgn") ?? this.querySelector(PGN_SCRIPT)?.textContent ?? null;
  }

  attributeChangedCallback(name, before, after) {
    if (before !== after && this.isConnected) this.schedule();
  }

  /** Several attribute changes in one task render once. */
  schedule() {
    if (this.queued) return;
    this.queued = true;
    this.rendered = new Promise((resolve) =>
      queueMicrotask(() => {
        this.queued = false;
        this.render().then(resolve, resolve);
      }));
  }

  teardown() {
    this.solveMode?.stop();
    this.solveMode = null;
    this.player?.stop();
    this.entry?.cancel();
    this.game?.free?.();
    this.game = null;
    this.player = null;
    this.board = null;
    this.entry = null;
    this.replayMode = null;
  }

  async render() {
    const generation = ++this.generation;
    const started = performance.now();
    this.teardown();
    this.buildSkeleton();
    let settings;
    try {
      settings = readSettings((name) => (name === "pgn" ? this.pgnText() : this.getAttribute(name)));
      this.shownLanguage = this.language();
      await Promise.all([loadRules(), useLanguage(this.shownLanguage)]);
      if (settings.pgn) settings.study = await readStudy(settings.pgn);
    } catch (error) {
      if (generation === this.generation) this.fail(error);
      return;
    }
    if (generation !== this.generation || !this.isConnected) return;
    this.settings = settings;
    try {
      this.open(settings);
    } catch (error) {
      this.teardown();
      this.fail(error);
      return;
    }
    this.frame.dataset.state = "ready";
    this.frame.dataset.mode = settings.mode;
    this.renderMs = performance.now() - started;
    this.dispatchEvent(new CustomEvent("grolman-ready", { bubbles: true, composed: true }));
  }

  buildSkeleton() {
    const links = STYLESHEETS.map((href) => make("link", { rel: "stylesheet", href }));
    this.frame = make("div", { class: "frame", part: "frame", "data-state": "loading" });
    // Every block is a part, so that a page can lay the element out (learn.html's projector
    // mode puts the turn list beside the board) and theme it.
    this.titleLine = make("p", { class: "title", part: "title", hidden: "" });
    this.host = make("div", { class: "board-host", part: "board" });
    this.pickerHost = make("div", { class: "picker", hidden: "" });
    this.caption = make("div", { class: "caption", part: "caption" });
    this.statusLine = make("p", { class: "status", part: "status", hidden: "" });
    this.controls = make("div", { class: "controls", part: "controls", hidden: "" });
    this.stepText = make("p", { class: "step", part: "step", "aria-live": "polite" });
    this.comment = make("p", { class: "comment", part: "comment", "aria-live": "polite", hidden: "" });
    this.moves = make("ol", { class: "moves", part: "moves", "aria-label": t("moves.title"), hidden: "" });
    this.errorLine = make("p", { class: "error", part: "error", role: "alert", hidden: "" });
    this.frame.append(this.titleLine, this.host, this.caption, this.statusLine, this.controls, this.stepText,
                      this.comment, this.moves, this.errorLine);
    this.shadowRoot.replaceChildren(...links, this.frame);
  }

  fail(error) {
    const message = error instanceof SettingError ? error.message : errorText(error);
    this.frame.dataset.state = "error";
    this.host.replaceChildren();
    this.caption.replaceChildren();
    this.stepText.textContent = "";
    this.errorLine.textContent = t("element.failed", { message });
    this.errorLine.hidden = false;
    this.dispatchEvent(new CustomEvent("grolman-error", { bubbles: true, composed: true, detail: message }));
  }

  // ---- the position and the caption -------------------------------------------------

  open(settings) {
    let game;
    try {
      const { study } = settings;
      // A problem's diagram may lack a king (Popeye's NoWk / NoBk in its options): the solver,
      // which reads the options, says whether it may; the board opens it either way.
      const kingless = settings.mode === "solve" ? "wb" : undefined;
      game = study ? openGame(study.variant, study.fen) : openGame(settings.variant, settings.fen, kingless);
      if (study) game.readTreeCodes(study.tree);
    } catch (error) {
      if (settings.pgn) throw new SettingError(`bad pgn: ${errorText(error)}`);
      throw new SettingError(error.field === "fen" ? `bad fen ${quote(settings.fen)}: ${errorText(error)}` : errorText(error));
    }
    this.game = game;
    this.variantInfo = variantInfo(game.variant());
    // The variant is the problem's condition unless the page names another.
    settings.caption.condition ??= this.variantInfo.condition ? variantName(this.variantInfo.name) : undefined;
    for (const [index, code] of settings.moves.entries()) {
      try {
        game.play(code);
      } catch (error) {
        throw new SettingError(`move ${index + 1} ${quote(code)} cannot be played: ${errorText(error)}`);
      }
    }
    this.board = new Board(this.host, {
      orientation: settings.orientation,
      coordinates: settings.coordinates,
      onMove: (from, to) => this.move(from, to),
    });
    this.host.append(this.pickerHost);
    this.picker = new Picker(this.pickerHost);
    const kind = t(`element.kind.${settings.mode}`);
    this.board.view.svg.setAttribute("aria-label", `${kind}, ${variantName(this.variantInfo.name)}`);
    this.frame.addEventListener("keydown", (event) => this.key(event));

    if (settings.caption.title) {
      this.titleLine.textContent = settings.caption.title;
      this.titleLine.hidden = false;
    }
    this.drawCaption(this.captionFen());
    if (settings.mode === "replay") this.openReplay();
    else if (settings.mode === "play") this.openPlay();
    else if (settings.mode === "solve") this.openSolve();
    else this.openDiagram();
    this.board.flush();
    if (settings.export.length) this.addExport(settings.export);
  }

  /** The position the caption counts: the one shown in a diagram, the start of a replay. */
  captionFen() {
    return this.settings.mode === "diagram" ? this.game.fen() : this.game.startFen();
  }

  /** The live board's mode: a playable board, or a problem being solved. */
  get live() {
    return this.settings.mode === "play" || this.settings.mode === "solve";
  }

  drawCaption(fen) {
    const { caption } = this.settings;
    const lines = [];
    for (const name of CAPTION.filter((n) => n !== "title" && n !== "stipulation")) {
      if (caption[name]) lines.push(make("p", { class: name }, caption[name]));
    }
    const facts = diagramFacts(fen);
    const last = make("p", { class: "last-line" });
    last.append(make("span", { class: "stipulation" }, caption.stipulation ?? ""),
                make("span", { class: "unit-count", title: t("element.unitCount") }, facts.unitCount));
    lines.push(last);
    lines.push(make("p", { class: "visually-hidden" }, t("element.position", { description: positionWords(fen) })));
    this.caption.replaceChildren(...lines);
  }

  openDiagram() {
    this.board.set({ pieces: placement(this.game.fen(), this.game.kingless()), check: this.game.status().checkSquare });
    this.stepText.textContent = "";
  }

  // ---- replay (web/embed/replay-mode.js) -------------------------------------------------

  openReplay() {
    this.player = new CascadePlayer((step, index, count, playing) => this.showStep(step, index, count, playing));
    this.buildControls();
    this.replayMode = new ReplayMode({ game: this.game, player: this.player, moves: this.moves, root: this.shadowRoot });
    this.replayMode.open();
  }

  /** One step forward in a replay; false at its end (learn.html's projector goes on to the
   *  next board then). */
  forward() {
    if (!this.player || this.player.atEnd) return false;
    this.player.next();
    return true;
  }

  /** One step back; false at the start. */
  back() {
    if (!this.player || this.player.index === 0) return false;
    this.player.previous();
    return true;
  }

  toStart() {
    this.player?.first();
  }

  toEnd() {
    this.player?.skip();
  }

  buildControls() {
    const button = (label, title, action) => {
      const b = make("button", { type: "button", "aria-label": title, title }, label);
      b.addEventListener("click", action);
      return b;
    };
    this.buttons = {
      first: button("|◀", t("step.first"), () => this.player.first()),
      previous: button("◀", t("step.prev"), () => this.player.previous()),
      play: button(t("step.playButton"), t("step.play"), () => this.player.toggle()),
      next: button("▶", t("step.next"), () => this.player.next()),
      last: button("▶|", t("step.last"), () => this.player.skip()),
    };
    this.buttons.next.classList.add("next");
    this.counter = make("span", { class: "counter" });
    this.controls.replaceChildren(...Object.values(this.buttons), this.counter);
    this.controls.setAttribute("role", "group");
    this.controls.setAttribute("aria-label", t("cascade.label"));
    this.controls.hidden = false;
  }

  showStep(step, index, count, playing) {
    const play = this.live;
    const atEnd = index === count - 1;
    this.board.set(stepState(step, {
      dests: play && atEnd && !this.entry.open && this.solveMode?.open !== false ? this.entry.dests() : null,
      // A solution line's own check (shown on a game of its own), the live position's (play),
      // or the final position's (a replay's last step).
      check: step.kind === "end" && atEnd
        ? (this.lineCheck !== undefined ? this.lineCheck : play ? this.entry.checkSquare : this.game.status().checkSquare)
        : null,
    }));
    if (this.stepText.textContent !== step.text) this.stepText.textContent = step.text;
    this.stepText.dataset.step = step.kind;
    // A study's drawing and words belong to a position: shown while the replay is at it.
    const note = this.replayMode?.noteAt(step);
    this.board.set({ shapes: note?.shapes ?? [] });
    this.comment.textContent = note?.comment ?? "";
    this.comment.hidden = !note?.comment;
    if (this.buttons) {
      // A lone picture (the start, before any turn) has nothing to replay.
      this.counter.textContent = count > 1 ? t("step.counter", { index: index + 1, count }) : "";
      this.buttons.play.textContent = t(playing ? "step.pauseButton" : "step.playButton");
      this.buttons.play.setAttribute("aria-label", t(playing ? "step.pause" : "step.play"));
      this.buttons.play.disabled = count <= 1;
      this.buttons.first.disabled = this.buttons.previous.disabled = index === 0;
      this.buttons.next.disabled = this.buttons.last.disabled = atEnd;
    }
    this.replayMode?.showInList(step);
  }

  /** Keys anywhere in the board's frame except the squares (which walk the board). */
  key(event) {
    if (event.key === "Escape" && this.entry?.open) {
      this.entry.cancel();
      this.showLive();
      event.preventDefault();
      return;
    }
    if (!this.player || event.target.closest?.(".board, .picker")) return;
    const actions = {
      ArrowLeft: () => this.player.previous(),
      ArrowRight: () => this.player.next(),
      Home: () => this.player.first(),
      End: () => this.player.skip(),
      " ": () => this.player.toggle(),
    };
    if (!actions[event.key] || event.target.closest?.("button") && event.key === " ") return;
    actions[event.key]();
    event.preventDefault();
  }

  // ---- play ---------------------------------------------------------------------------

  openPlay() {
    this.entry = new TurnEntry({ board: this.board, picker: this.picker, say: (text) => { if (text) this.stepText.textContent = text; } });
    this.entry.reset(this.game);
    this.player = new CascadePlayer((step, index, count, playing) => this.showStep(step, index, count, playing));
    this.buildControls();
    this.undoButton = make("button", { type: "button", class: "undo" }, t("tools.undo"));
    this.undoButton.addEventListener("click", () => this.undo());
    this.controls.append(this.undoButton);
    // A press while a cascade replays brings the live position first.
    this.board.view.svg.addEventListener("pointerdown", () => this.wake(), { capture: true });
    this.board.view.svg.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.wake();
    }, { capture: true });
    this.showLive();
  }

  wake() {
    if (!this.entry.open && this.player && !this.player.atEnd) this.player.skip();
  }

  /** The status line says only what the step sentence does not: how the game ended. */
  refresh() {
    this.entry.refresh();
    const { status } = this.entry;
    const message = status.state === "ongoing" ? "" : outcomeText(status);
    this.statusLine.hidden = !message;
    this.statusLine.textContent = message;
    if (this.undoButton) this.undoButton.disabled = this.game.ply() === 0;
  }

  /** The live position, ready for the next turn. */
  showLive() {
    this.lineCheck = undefined;
    this.refresh();
    const steps = lastTurnSteps(this.game) ?? [{
      kind: "position", pieces: placement(this.game.fen(), this.game.kingless()), marks: {}, arrows: [], labels: [], slides: [],
      text: capitalize(t("element.pickLeader", { side: side(this.entry.status.turn) })),
    }];
    this.player.load(steps, { autoplay: false });
  }

  play(code) {
    const history = this.game.history();
    const before = history.length ? history[history.length - 1].fen : this.game.startFen();
    let turn;
    try {
      turn = this.game.play(code);
    } catch (error) {
      this.stepText.textContent = errorText(error);
      return this.showLive();
    }
    this.entry.cancel();
    this.refresh();
    this.player.load(stepsOf(turn, placement(before, this.game.kingless()), placement(turn.fen, this.game.kingless())), { autoplay: true });
    this.dispatchEvent(new CustomEvent("grolman-turn", { bubbles: true, composed: true, detail: { code: turn.code, notation: turn.notation, fen: turn.fen } }));
    return turn;
  }

  undo() {
    if (this.entry.open) return;
    this.game.undo();
    this.showLive();
  }

  async move(from, to) {
    if (!this.live || this.entry.open || this.solveMode?.open === false) return;
    let entered;
    try {
      entered = await this.entry.enter(from, to);
    } catch (error) {
      this.stepText.textContent = errorText(error);
      entered = { cancelled: true };
    }
    if (entered.turn) {
      const turn = this.play(entered.turn);
      if (turn && this.solveMode) this.solveMode.reader(turn);
    } else if (entered.cancelled) this.showLive();
  }

  // ---- solve ----------------------------------------------------------------------------

  openSolve() {
    this.openPlay();
    this.undoButton.remove();
    this.undoButton = null;
    this.solveLine = make("p", { class: "solve-line", "aria-live": "polite", "data-state": "solving" });
    this.solution = make("div", { class: "solution", hidden: "" });
    const again = make("button", { type: "button", class: "again" }, t("element.again"));
    again.addEventListener("click", () => {
      if (!this.solveMode?.twin) return;
      this.solveMode.restart();
      this.takeBack(this.game.ply());
      this.say(capitalize(t("element.toPlay", { side: this.sideToMove() })), "ready");
    });
    const show = make("button", { type: "button", class: "show-solution" }, t("element.showSolution"));
    show.addEventListener("click", () => this.solveMode?.reveal());
    this.controls.append(again, show);
    this.statusLine.after(this.solveLine);
    this.frame.append(this.solution);
    this.solveMode = new SolveMode({
      settings: this.settings,
      game: this.game,
      say: (text, state) => this.say(text, state),
      sideToMove: () => this.sideToMove(),
      play: (code) => this.play(code),
      takeBack: (count) => this.takeBack(count),
      showPath: (twin, path) => this.showPath(twin, path),
      reveal: (tree) => {
        this.solution.replaceChildren(tree);
        this.solution.hidden = false;
      },
    });
    this.solveMode.start();
  }

  say(text, state = "") {
    this.solveLine.textContent = text;
    this.solveLine.dataset.state = state;
  }

  sideToMove() {
    return side(this.game.status().turn);
  }

  takeBack(count) {
    this.entry.cancel();
    for (let i = 0; i < count && this.game.ply() > 0; i += 1) this.game.undo();
    this.showLive();
  }

  /** A move of the revealed solution: its line replayed, from the diagram or, after a pass (a
   *  threat, set play), from the position with the other side to move. */
  showPath(twin, path) {
    let line;
    try {
      line = lineOf(twin, path);
    } catch (error) {
      this.say(t("solve.cannotShow", { message: errorText(error) }), "error");
      return;
    }
    this.takeBack(this.game.ply());
    if (line.fen === twin.fen) {
      for (const code of line.moves) this.play(code);
      return;
    }
    // A line after a pass is not the game's: it is replayed on a game of its own.
    const shown = new Game(twin.variant, line.fen, twin.kingless);
    for (const code of line.moves) shown.play(code);
    this.lineCheck = shown.status().checkSquare ?? null; // the line's check, not the live game's
    const steps = lastTurnSteps(shown) ?? [{ kind: "position", pieces: placement(shown.fen(), shown.kingless()), marks: {}, arrows: [], labels: [], slides: [], text: "" }];
    shown.free?.();
    this.player.load(steps, { autoplay: true });
  }

  // ---- export -------------------------------------------------------------------------

  /** A promise of the problem diagram of the position shown, as an SVG document (wasm
   *  `diagramSvg`, in the extras package: it loads the first time a diagram is asked for). */
  async diagramSvg() {
    const { caption, orientation, coordinates } = this.settings;
    const fen = this.captionFen();
    return (await extras()).diagramSvg(fen, { ...caption, ...diagramAlt(fen), flip: orientation === "black", coordinates });
  }

  addExport(kinds) {
    const bar = make("div", { class: "export" });
    const fen = this.captionFen();
    if (kinds.includes("svg")) {
      const b = make("button", { type: "button" }, t("element.downloadSvg"));
      b.addEventListener("click", async () => save(svgBlob(await this.diagramSvg()), fileName(this.settings.caption, fen, "svg")));
      bar.append(b);
    }
    if (kinds.includes("png")) {
      const b = make("button", { type: "button" }, t("element.downloadPng"));
      b.addEventListener("click", async () => save(await pngBlob(await this.diagramSvg()), fileName(this.settings.caption, fen, "png")));
      bar.append(b);
    }
    this.frame.append(bar);
  }
}

if (!customElements.get("grolman-board")) customElements.define("grolman-board", GrolmanBoard);
