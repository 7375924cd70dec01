// <grolman-board>: a problem diagram, a replay of a game with every cascade step explained,
// or a playable board, for any page, from one module script tag:
//   <script type="module" src=".../web/embed/grolman-board.js"></script>
//   <grolman-board variant="grolman" fen="..." moves="e2e4 e7e5" mode="replay"></grolman-board>
// The rules package (pkg/grolman.js and its .wasm) is found relative to this file. The board,
// the cascade walker and its sentences are the playground's own modules; the rules come from
// wasm only. Every attribute is data: text goes in with textContent, never as markup.
import init, { Game, diagramSvg, piecesOf } from "../../pkg/grolman.js";
import { Board } from "../board/board.js";
import { marksFrom, piecesFrom, stepState } from "../board/state.js";
import { CascadePlayer } from "../cascade/player.js";
import { candidatesClause, capitalize } from "../cascade/text.js";
import { piecesAfterPrefix, stepsOf } from "../cascade/walker.js";
import { Picker } from "../ui/pickers.js";
import { fileName, pngBlob, save, svgBlob } from "./export.js";
import { ATTRIBUTES, CAPTION, SettingError, quote, readSettings } from "./settings.js";

let rulesLoading = null;
/** One wasm instance for every board of the page. */
const loadRules = () => (rulesLoading ??= init());

const STYLESHEETS = ["../board/theme.css", "./grolman-board.css"].map((path) => new URL(path, import.meta.url).href);

const make = (tag, attributes = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
};

/** The units of a FEN, as the board draws them. */
const placement = (fen) => piecesFrom(piecesOf(fen));

const ORDER = ["king", "queen", "rook", "bishop", "knight", "pawn"];
const LETTER = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N", pawn: "P" };

/** "White: Ke1, Ra1, Pe2." for readers that cannot see the board. */
function listing(placed, color) {
  const units = [...placed.entries()].filter(([, p]) => p.color === color)
    .sort(([a, p], [b, q]) => ORDER.indexOf(p.role) - ORDER.indexOf(q.role) || a.localeCompare(b))
    .map(([square, p]) => `${LETTER[p.role]}${square}`);
  return `${color === "white" ? "White" : "Black"}: ${units.join(", ") || "none"}.`;
}

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
    this.entry = false;
    /** Resolves after every render (tests and pages that script the element). */
    this.rendered = Promise.resolve();
  }

  connectedCallback() {
    this.schedule();
  }

  disconnectedCallback() {
    this.generation += 1;
    this.teardown();
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
    this.player?.stop();
    this.picker?.cancel();
    this.board?.cancelChoice();
    this.game?.free?.();
    this.game = null;
    this.player = null;
    this.board = null;
    this.entry = false;
  }

  async render() {
    const generation = ++this.generation;
    const started = performance.now();
    this.teardown();
    this.buildSkeleton();
    let settings;
    try {
      settings = readSettings((name) => this.getAttribute(name));
      await loadRules();
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
    this.titleLine = make("p", { class: "title", hidden: "" });
    this.host = make("div", { class: "board-host", part: "board" });
    this.pickerHost = make("div", { class: "picker", hidden: "" });
    this.caption = make("div", { class: "caption" });
    this.statusLine = make("p", { class: "status", hidden: "" });
    this.controls = make("div", { class: "controls", hidden: "" });
    this.stepText = make("p", { class: "step", "aria-live": "polite" });
    this.errorLine = make("p", { class: "error", role: "alert", hidden: "" });
    this.frame.append(this.titleLine, this.host, this.caption, this.statusLine, this.controls, this.stepText, this.errorLine);
    this.shadowRoot.replaceChildren(...links, this.frame);
  }

  fail(error) {
    const message = error instanceof SettingError || error?.message ? error.message : String(error);
    this.frame.dataset.state = "error";
    this.host.replaceChildren();
    this.caption.replaceChildren();
    this.stepText.textContent = "";
    this.errorLine.textContent = `This board cannot be shown: ${message}`;
    this.errorLine.hidden = false;
    this.dispatchEvent(new CustomEvent("grolman-error", { bubbles: true, composed: true, detail: message }));
  }

  // ---- the position and the caption -------------------------------------------------

  open(settings) {
    let game;
    try {
      game = new Game(settings.variant, settings.fen || undefined);
    } catch (error) {
      throw new SettingError(`bad fen ${quote(settings.fen)}: ${error.message}`);
    }
    this.game = game;
    this.turnsPlayed = [];
    for (const [index, code] of settings.moves.entries()) {
      try {
        this.turnsPlayed.push(game.play(code));
      } catch (error) {
        throw new SettingError(`move ${index + 1} ${quote(code)} cannot be played: ${error.message}`);
      }
    }
    this.board = new Board(this.host, {
      orientation: settings.orientation,
      coordinates: settings.coordinates,
      onMove: (from, to) => this.move(from, to),
    });
    this.host.append(this.pickerHost);
    this.picker = new Picker(this.pickerHost);
    this.board.view.svg.setAttribute("aria-label", `${settings.mode === "play" ? "Playable" : "Chess"} board, ${this.variantName()}`);
    this.frame.addEventListener("keydown", (event) => this.key(event));

    if (settings.caption.title) {
      this.titleLine.textContent = settings.caption.title;
      this.titleLine.hidden = false;
    }
    this.drawCaption(this.captionFen());
    if (settings.mode === "replay") this.openReplay();
    else if (settings.mode === "play") this.openPlay();
    else this.openDiagram();
    this.board.flush();
    if (settings.export.length) this.addExport(settings.export);
  }

  variantName() {
    return { grolman: "Grolman chess", tatarstan: "Tatarstan chess", orthodox: "orthodox chess" }[this.settings.variant];
  }

  /** The position the caption counts: the one shown in a diagram, the start of a replay. */
  captionFen() {
    return this.settings.mode === "diagram" ? this.game.fen() : this.game.startFen();
  }

  drawCaption(fen) {
    const { caption } = this.settings;
    const lines = [];
    for (const name of CAPTION.filter((n) => n !== "title" && n !== "stipulation")) {
      if (caption[name]) lines.push(make("p", { class: name }, caption[name]));
    }
    const placed = placement(fen);
    const pieces = [...placed.values()];
    const white = pieces.filter((p) => p.color === "white").length;
    const last = make("p", { class: "last-line" });
    last.append(make("span", { class: "stipulation" }, caption.stipulation ?? ""),
                make("span", { class: "unit-count", title: "white units + black units" }, `(${white}+${pieces.length - white})`));
    lines.push(last);
    lines.push(make("p", { class: "visually-hidden" }, `Position: ${listing(placed, "white")} ${listing(placed, "black")}`));
    this.caption.replaceChildren(...lines);
  }

  checkSquare(pieces, status) {
    if (!status.check) return null;
    for (const [square, piece] of pieces) if (piece.role === "king" && piece.color === status.turn) return square;
    return null;
  }

  openDiagram() {
    const pieces = placement(this.game.fen());
    this.board.set({ pieces, check: this.checkSquare(pieces, this.game.status()) });
    this.stepText.textContent = "";
  }

  // ---- replay -----------------------------------------------------------------------

  openReplay() {
    const fens = [this.game.startFen(), ...this.turnsPlayed.map((t) => t.fen)];
    const start = placement(fens[0]);
    const turnColor = fens[0].split(" ")[1] === "b" ? "Black" : "White";
    const steps = [{
      kind: "position", pieces: start, marks: {}, arrows: [], labels: [], slides: [], turn: 0,
      text: this.turnsPlayed.length
        ? `The start: ${turnColor} to move. Step forward to replay ${this.turnsPlayed.length === 1 ? "the turn" : `the ${this.turnsPlayed.length} turns`}.`
        : `${turnColor} to move.`,
    }];
    this.turnsPlayed.forEach((turn, index) => {
      for (const step of stepsOf(turn, placement(fens[index]), placement(fens[index + 1]))) {
        steps.push({ ...step, turn: index + 1 });
      }
    });
    this.player = new CascadePlayer((step, index, count, playing) => this.showStep(step, index, count, playing));
    this.buildControls();
    this.player.load(steps, { autoplay: false });
    this.player.first();
  }

  buildControls() {
    const button = (label, title, action) => {
      const b = make("button", { type: "button", "aria-label": title, title }, label);
      b.addEventListener("click", action);
      return b;
    };
    this.buttons = {
      first: button("|◀", "First step (Home)", () => this.player.first()),
      previous: button("◀", "Previous step (←)", () => this.player.previous()),
      play: button("▶ Play", "Play (space)", () => this.player.toggle()),
      next: button("▶", "Next step (→)", () => this.player.next()),
      last: button("▶|", "Last step (End)", () => this.player.skip()),
    };
    this.buttons.next.classList.add("next");
    this.counter = make("span", { class: "counter" });
    this.controls.replaceChildren(...Object.values(this.buttons), this.counter);
    this.controls.setAttribute("role", "group");
    this.controls.setAttribute("aria-label", "Cascade replay");
    this.controls.hidden = false;
  }

  showStep(step, index, count, playing) {
    const playable = this.settings.mode === "play" && index === count - 1 && !this.entry;
    this.board.set(stepState(step, {
      dests: playable ? this.dests() : null,
      check: step.kind === "end" && index === count - 1 ? this.checkSquare(step.pieces, this.game.status()) : null,
    }));
    if (this.stepText.textContent !== step.text) this.stepText.textContent = step.text;
    this.stepText.dataset.step = step.kind;
    if (this.buttons) {
      this.counter.textContent = `step ${index + 1} of ${count}`;
      this.buttons.play.textContent = playing ? "❚❚ Pause" : "▶ Play";
      this.buttons.play.setAttribute("aria-label", playing ? "Pause (space)" : "Play (space)");
      this.buttons.first.disabled = this.buttons.previous.disabled = index === 0;
      this.buttons.next.disabled = this.buttons.last.disabled = index === count - 1;
    }
  }

  /** Keys anywhere in the board's frame except the squares (which walk the board). */
  key(event) {
    if (event.key === "Escape" && this.entry) {
      this.board.cancelChoice();
      this.picker.cancel();
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
    this.player = new CascadePlayer((step, index, count, playing) => this.showStep(step, index, count, playing));
    this.buildControls();
    this.undoButton = make("button", { type: "button", class: "undo" }, "Undo");
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
    if (!this.entry && this.player && !this.player.atEnd) this.player.skip();
  }

  dests() {
    if (this.status.state !== "ongoing") return new Map();
    const dests = new Map();
    for (const { from, to } of this.leads) {
      if (!dests.has(from)) dests.set(from, []);
      dests.get(from).push(to);
    }
    return dests;
  }

  refresh() {
    this.leads = this.game.leads();
    this.status = this.game.status();
    this.statusLine.hidden = false;
    this.statusLine.textContent = this.status.message ||
      `${capitalize(this.status.turn)} to move${this.status.check ? ", in check" : ""}.`;
    if (this.undoButton) this.undoButton.disabled = this.game.ply() === 0;
  }

  /** The live position, ready for the next turn. */
  showLive() {
    this.refresh();
    const history = this.game.history();
    const last = history[history.length - 1];
    if (last) {
      const before = history.length > 1 ? history[history.length - 2].fen : this.game.startFen();
      this.player.load(stepsOf(last, placement(before), placement(last.fen)), { autoplay: false });
    } else {
      this.player.load([{
        kind: "position", pieces: placement(this.game.fen()), marks: {}, arrows: [], labels: [], slides: [],
        text: `${capitalize(this.status.turn)} to move: pick a unit to lead (arrow keys and Enter, or click).`,
      }], { autoplay: false });
    }
  }

  play(code) {
    const history = this.game.history();
    const before = history.length ? history[history.length - 1].fen : this.game.startFen();
    let turn;
    try {
      turn = this.game.play(code);
    } catch (error) {
      this.stepText.textContent = error.message;
      return this.showLive();
    }
    this.refresh();
    this.player.load(stepsOf(turn, placement(before), placement(turn.fen)), { autoplay: true });
    this.dispatchEvent(new CustomEvent("grolman-turn", { bubbles: true, composed: true, detail: { code: turn.code, notation: turn.notation, fen: turn.fen } }));
  }

  undo() {
    if (this.entry) return;
    this.game.undo();
    this.showLive();
  }

  async move(from, to) {
    if (this.settings.mode !== "play") return;
    if (!this.leads.some((l) => l.from === from && l.to === to)) return;
    this.entry = true;
    this.entryTurns = this.game.turnsLedBy(from, to);
    let choices;
    try {
      choices = this.game.choices(`${from}${to}`);
    } catch (error) {
      this.entry = false;
      this.stepText.textContent = error.message;
      return this.showLive();
    }
    while (choices && !choices.complete) {
      const code = await this.ask(choices);
      choices = code === null ? null : this.game.choices(code);
    }
    this.entry = false;
    if (choices) this.play(choices.turn);
    else this.showLive();
  }

  /** Shows an open choice; resolves to the code of the option taken, or null. */
  async ask({ open, sample: sampleCode, moves }) {
    const mover = this.status.turn;
    const sample = (this.entryTurns ?? []).find((t) => t.code === sampleCode);
    const now = placement(this.game.fen());
    this.board.set({ pieces: sample ? piecesAfterPrefix(sample, now, moves) : now, arrows: [], labels: [], dests: null, selected: null });
    if (open.kind === "follower") {
      const froms = [...new Set(open.options.map((o) => o.from))];
      const seen = new Set();
      const units = open.options.map((o) => ({ square: o.from, role: o.role, to: o.to }))
        .filter((u) => !seen.has(u.square + u.to) && seen.add(u.square + u.to));
      let square = froms[0];
      if (froms.length > 1) {
        this.board.set({ marks: marksFrom({ vacated: open.vacated, candidate: froms }), choosable: new Set(froms) });
        this.stepText.textContent = `${candidatesClause({ vacated: open.vacated, units })}, and they tie: ` +
          `choose the unit that follows (${froms.join(" or ")}: arrow keys and Enter, or click; Escape cancels).`;
        square = await this.board.nextChoice();
        if (square === null) return null;
      } else {
        // One unit, several ways (a promotion, or either castling square): ask only how.
        this.board.set({ marks: marksFrom({ vacated: open.vacated, candidate: froms }) });
        this.stepText.textContent = `${candidatesClause({ vacated: open.vacated, units })}: choose how it follows.`;
      }
      const options = open.options.filter((o) => o.from === square);
      if (options.length === 1) return options[0].code;
      return this.picker.pick({
        title: `${square} follows: choose`,
        options: options.map((o) => ({
          role: o.promotion ?? o.role, color: mover, value: o.code,
          label: o.promotion ? `to ${o.to}, promoting to a ${o.promotion}` : `to ${o.to}`,
        })),
      });
    }
    const owner = open.kind === "owner_promotion" ? open.options[0]?.color ?? mover : mover;
    const square = open.options[0]?.square ?? open.options[0]?.to;
    const title = open.kind === "owner_promotion" ? `${capitalize(owner)} chooses what the new pawn on ${square} becomes` : "Promote to";
    this.stepText.textContent = `${title}.`;
    return this.picker.pick({
      title,
      options: open.options.map((o) => ({ role: o.promotion, color: owner, label: o.promotion, value: o.code })),
    });
  }

  // ---- export -------------------------------------------------------------------------

  /** The problem diagram of the position shown, as an SVG document (wasm `diagramSvg`). */
  diagramSvg() {
    const { caption, orientation, coordinates } = this.settings;
    return diagramSvg(this.captionFen(), { ...caption, flip: orientation === "black", coordinates });
  }

  addExport(kinds) {
    const bar = make("div", { class: "export" });
    const fen = this.captionFen();
    if (kinds.includes("svg")) {
      const b = make("button", { type: "button" }, "Download SVG");
      b.addEventListener("click", () => save(svgBlob(this.diagramSvg()), fileName(this.settings.caption, fen, "svg")));
      bar.append(b);
    }
    if (kinds.includes("png")) {
      const b = make("button", { type: "button" }, "Download PNG");
      b.addEventListener("click", async () => save(await pngBlob(this.diagramSvg()), fileName(this.settings.caption, fen, "png")));
      bar.append(b);
    }
    this.frame.append(bar);
  }
}

if (!customElements.get("grolman-board")) customElements.define("grolman-board", GrolmanBoard);
