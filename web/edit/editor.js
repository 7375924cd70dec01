// The board editor: a mode of the playground for composers (index.html#edit&variant=<v>&fen=<FEN>).
// A palette of the twelve units and an eraser; a picked palette unit stays picked and is placed
// by clicks (or Enter on the focused square), palette units are dragged onto the board, units on
// the board are dragged to another square or off it. The rules are asked, never worked out here:
// the FEN, the castling rights and en passant squares the placement allows and why a position is
// not legal all come from wasm (`examineSetup`, `setupOf`); the FEN updates at every edit and a
// position that is not legal yet is said in the crate's words without stopping the editing.
import { extras } from "../extras.js";
import { Board } from "../board/board.js";
import { coords, squareName } from "../board/config.js";
import { variantList, variantName } from "../game/open.js";
import { editFragment } from "../game/url.js";
import { errorText } from "../i18n/error-text.js";
import { t } from "../i18n/index.js";

// The editor's questions are in the rules' extras package, and its stylesheet comes with it: the
// page's first load carries neither. The module is ready once both are.
const { examineSetup, setupOf } = await extras();
await new Promise((done) => {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./editor.css", import.meta.url).href });
  link.addEventListener("load", done);
  link.addEventListener("error", done);
  document.head.append(link);
});

const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const EMPTY_FEN = "8/8/8/8/8/8/8/8 w - - 0 1";
const ROLES = ["king", "queen", "rook", "bishop", "knight", "pawn"];
const COLORS = ["white", "black"];
const CASTLING = [["K", "white", "O-O"], ["Q", "white", "O-O-O"], ["k", "black", "O-O"], ["q", "black", "O-O-O"]];

const make = (tag, attributes = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
};
const SVG = "http://www.w3.org/2000/svg";

/** A unit drawn with the board's own piece symbols (in the board's <defs> on the same page). */
function unitPicture(color, role) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("unit-picture");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#piece-${role}`);
  use.setAttribute("class", `piece ${color}`);
  svg.append(use);
  return svg;
}

/** Units as the editor moves them: `[{square, color, role}]` <-> Map. */
const listOf = (pieces) => [...pieces].map(([square, { color, role }]) => ({ square, color, role }));

export class Editor {
  /**
   * @param {HTMLElement} root  the (empty) section the editor fills
   * @param {{ play(variant: string, fen: string): string|null, solve(variant: string, fen: string, stipulation: string): void,
   *           embed(variant: string, fen: string): void, close(): void }} actions  what the playground does with the position
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.pieces = new Map();
    this.turn = "white";
    this.castling = "";
    this.enPassant = null;
    this.clocks = { halfmoves: 0, fullmoves: 1 };
    this.variant = "grolman";
    this.tool = null; // {color, role} | "eraser" | null (then a press picks a unit up and the next puts it down)
    this.lifted = null;
    this.examined = null;
    this.build();
  }

  // ---- the controls ------------------------------------------------------------------

  build() {
    const root = this.root;
    root.classList.add("editor");
    const heading = make("h2", { id: "editor-title" }, t("editor.title"));
    const palette = make("div", { class: "palette", role: "toolbar", "aria-label": t("editor.palette") });
    this.paletteButtons = [];
    for (const color of COLORS) {
      const row = make("div", { class: `palette-row ${color}` });
      for (const role of ROLES) {
        const button = make("button", { type: "button", class: "palette-unit", "aria-label": t(`piece.${color}.${role}`),
                                        title: t(`piece.${color}.${role}`), "aria-pressed": "false",
                                        "data-color": color, "data-role": role });
        button.append(unitPicture(color, role));
        this.bindPaletteButton(button, { color, role });
        row.append(button);
      }
      palette.append(row);
    }
    const eraser = make("button", { type: "button", class: "palette-eraser", "aria-label": t("editor.eraser"), title: t("editor.eraser"),
                                    "aria-pressed": "false", "data-tool": "eraser" }, `⌫ ${t("editor.eraserButton")}`);
    this.bindPaletteButton(eraser, "eraser");
    palette.append(eraser);

    this.boardHost = make("div", { class: "board-host editor-board", "data-theme": "brown" });
    const hint = make("p", { class: "editor-hint", id: "editor-hint", "aria-live": "polite" });
    this.hint = hint;

    const tools = make("div", { class: "editor-tools", role: "group", "aria-label": t("editor.wholeBoard") });
    const button = (label, id, action) => {
      const b = make("button", { type: "button", id }, label);
      b.addEventListener("click", action);
      return b;
    };
    tools.append(
      button(t("editor.clear"), "editor-clear", () => this.load(EMPTY_FEN)),
      button(t("new.standard"), "editor-start", () => this.load(START_FEN)),
      button(t("editor.flipColours"), "editor-flip-colours", () => this.flipColours()),
      button(t("editor.mirror"), "editor-mirror", () => this.mirror()),
    );

    const fields = make("div", { class: "editor-fields" });
    const variantLabel = make("label", {}, `${t("new.variant")} `);
    this.variantSelect = make("select", { id: "editor-variant" });
    for (const { name } of variantList()) this.variantSelect.append(make("option", { value: name }, variantName(name)));
    this.variantSelect.addEventListener("change", () => { this.variant = this.variantSelect.value; this.update(); });
    variantLabel.append(this.variantSelect);

    const side = make("fieldset", { class: "editor-side" });
    side.append(make("legend", {}, t("editor.toMove")));
    this.turnRadios = {};
    for (const color of COLORS) {
      const label = make("label");
      const radio = make("input", { type: "radio", name: "editor-turn", value: color, id: `editor-turn-${color}` });
      radio.addEventListener("change", () => { this.turn = color; this.update(); });
      label.append(radio, ` ${t(`editor.side.${color}`)}`);
      side.append(label);
      this.turnRadios[color] = radio;
    }

    const castling = make("fieldset", { class: "editor-castling" });
    castling.append(make("legend", {}, t("editor.castling")));
    this.castlingBoxes = {};
    for (const [letter, color, castle] of CASTLING) {
      const words = t(`editor.castling.${color}`, { castle });
      const label = make("label", { title: words });
      const box = make("input", { type: "checkbox", value: letter, id: `editor-castling-${letter}` });
      box.addEventListener("change", () => {
        this.castling = CASTLING.map(([l]) => l).filter((l) => this.castlingBoxes[l].checked).join("");
        this.update();
      });
      label.append(box, ` ${words}`);
      castling.append(label);
      this.castlingBoxes[letter] = box;
    }

    const epLabel = make("label", {}, `${t("editor.enPassant")} `);
    this.epSelect = make("select", { id: "editor-ep" });
    this.epSelect.addEventListener("change", () => { this.enPassant = this.epSelect.value || null; this.update(); });
    epLabel.append(this.epSelect);
    fields.append(variantLabel, side, castling, epLabel);

    const fenLabel = make("label", { class: "editor-fen", for: "editor-fen" }, "FEN");
    this.fenInput = make("input", { id: "editor-fen", spellcheck: "false", autocomplete: "off" });
    this.fenInput.addEventListener("change", () => this.load(this.fenInput.value));
    this.fenInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.load(this.fenInput.value); }
    });
    this.problem = make("p", { id: "editor-problem", class: "editor-problem", role: "status", "aria-live": "polite" });

    const finish = make("div", { class: "editor-actions" });
    const stipulationLabel = make("label", {}, `${t("solve.stipulation")} `);
    this.stipulation = make("input", { id: "editor-stipulation", value: "#2", size: "6", spellcheck: "false" });
    stipulationLabel.append(this.stipulation);
    this.playButton = button(t("editor.play"), "editor-play", () => this.finish("play"));
    this.solveButton = button(t("editor.solve"), "editor-solve", () => this.finish("solve"));
    this.embedButton = button(t("editor.embed"), "editor-embed", () => this.finish("embed"));
    finish.append(this.playButton, stipulationLabel, this.solveButton, this.embedButton,
                  button(t("close"), "editor-close", () => this.actions.close()));

    const controls = make("div", { class: "editor-controls" });
    controls.append(palette, tools, fields, fenLabel, this.fenInput, this.problem, finish);
    const boardColumn = make("div", { class: "editor-board-column" });
    boardColumn.append(this.boardHost, hint);
    root.append(heading, boardColumn, controls);
    root.setAttribute("aria-labelledby", "editor-title");

    this.board = new Board(this.boardHost, {
      onPress: (square) => this.press(square),
      onMove: (from, to) => this.shift(from, to),
    });
    this.board.set({ editable: true });
    this.board.view.svg.setAttribute("aria-label", t("editor.title"));
  }

  /** A palette button picks its tool on a click (or Enter / Space); a drag drops the unit on a square. */
  bindPaletteButton(button, tool) {
    button.addEventListener("click", () => this.pick(this.tool === tool ? null : tool));
    button.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 && event.pointerType === "mouse") return;
      const start = { x: event.clientX, y: event.clientY };
      let ghost = null;
      const moveGhost = (e) => {
        if (!ghost) {
          if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < 6) return;
          const size = this.board.view.svg.getBoundingClientRect().width / 8;
          ghost = make("div", { class: "palette-ghost", "aria-hidden": "true" });
          ghost.style.width = ghost.style.height = `${size}px`;
          ghost.append(tool === "eraser" ? make("span", {}, "⌫") : unitPicture(tool.color, tool.role));
          this.boardHost.ownerDocument.body.append(ghost);
        }
        const size = parseFloat(ghost.style.width);
        ghost.style.transform = `translate(${e.clientX - size / 2}px, ${e.clientY - size / 2}px)`;
      };
      const end = (e) => {
        button.removeEventListener("pointermove", moveGhost);
        button.removeEventListener("pointerup", end);
        button.removeEventListener("pointercancel", end);
        if (!ghost) return; // a click: the click handler picks the tool
        ghost.remove();
        // The click that follows a drag must not toggle the tool.
        button.addEventListener("click", (c) => c.stopImmediatePropagation(), { once: true, capture: true });
        const square = e.type === "pointerup" ? this.board.view.squareAt(e.clientX, e.clientY, this.board.state.orientation) : null;
        if (square) this.apply(square, tool);
      };
      button.setPointerCapture?.(event.pointerId);
      button.addEventListener("pointermove", moveGhost);
      button.addEventListener("pointerup", end);
      button.addEventListener("pointercancel", end);
    });
  }

  pick(tool) {
    this.tool = tool;
    this.lifted = null;
    for (const button of this.root.querySelectorAll(".palette button")) {
      const mine = tool === "eraser" ? button.dataset.tool === "eraser"
        : tool && button.dataset.color === tool.color && button.dataset.role === tool.role;
      button.setAttribute("aria-pressed", String(Boolean(mine)));
    }
    this.board.set({ selected: null });
    this.hint.textContent = tool === "eraser" ? t("editor.hint.eraser")
      : tool ? t("editor.hint.placing", { pieces: t(`pieces.${tool.color}.${tool.role}`) })
      : t("editor.hint");
  }

  // ---- edits ---------------------------------------------------------------------------

  press(square) {
    if (this.tool) return this.apply(square, this.tool);
    // No tool: a press lifts a unit, the next press puts it down (the keyboard's drag).
    if (this.lifted) {
      const from = this.lifted;
      this.lifted = null;
      this.board.set({ selected: null });
      if (from !== square) this.shift(from, square);
      return;
    }
    if (this.pieces.has(square)) {
      this.lifted = square;
      this.board.set({ selected: square });
      this.hint.textContent = t("editor.hint.lifted", { unit: this.describe(square) });
    }
  }

  apply(square, tool) {
    if (tool === "eraser") this.pieces.delete(square);
    else this.pieces.set(square, { color: tool.color, role: tool.role });
    this.update();
  }

  /** A unit dragged to another square, or off the board (`to` null). */
  shift(from, to) {
    const unit = this.pieces.get(from);
    if (!unit) return;
    this.pieces.delete(from);
    if (to) this.pieces.set(to, unit);
    this.update();
  }

  /** Colours swapped and the board turned over, side to move too: the same problem for the other side. */
  flipColours() {
    const swap = (color) => (color === "white" ? "black" : "white");
    const flipped = new Map();
    for (const [square, { color, role }] of this.pieces) {
      const [file, rank] = coords(square);
      flipped.set(squareName(file, 7 - rank), { color: swap(color), role });
    }
    this.pieces = flipped;
    this.turn = swap(this.turn);
    this.castling = this.castling.replace(/[KQkq]/g, (l) => (l === l.toUpperCase() ? l.toLowerCase() : l.toUpperCase()));
    this.enPassant = null;
    this.update();
  }

  /** The placement mirrored left to right (a-file <-> h-file). */
  mirror() {
    const mirrored = new Map();
    for (const [square, unit] of this.pieces) {
      const [file, rank] = coords(square);
      mirrored.set(squareName(7 - file, rank), unit);
    }
    this.pieces = mirrored;
    this.enPassant = null;
    this.update();
  }

  describe(square) {
    const unit = this.pieces.get(square);
    return unit ? t("editor.unitOn", { piece: t(`piece.${unit.color}.${unit.role}`), square }) : square;
  }

  // ---- the position ---------------------------------------------------------------------

  /** Opens `fen` (any FEN that parses, legal or not); a FEN that does not parse is said and changes nothing. */
  load(fen, variant = this.variant) {
    let setup;
    try {
      setup = setupOf(fen.trim());
    } catch (error) {
      this.problem.textContent = t("editor.unreadable", { message: errorText(error) });
      this.problem.dataset.state = "unreadable";
      return false;
    }
    this.variant = variantList().some((v) => v.name === variant) ? variant : this.variant;
    this.pieces = new Map(setup.pieces.map(({ square, color, role }) => [square, { color, role }]));
    this.turn = setup.turn;
    this.castling = setup.castling === "-" ? "" : setup.castling;
    this.enPassant = setup.enPassant;
    this.clocks = { halfmoves: setup.halfmoves, fullmoves: setup.fullmoves };
    this.update();
    return true;
  }

  /** Asks the crate about the setup and shows its answer: FEN, rights, e.p. squares, legality. */
  update() {
    const examined = examineSetup({ pieces: listOf(this.pieces), turn: this.turn, castling: this.castling,
                                    enPassant: this.enPassant, ...this.clocks });
    this.examined = examined;
    // What the placement no longer allows is dropped, as the crate did.
    this.castling = examined.setup.castling === "-" ? "" : examined.setup.castling;
    this.enPassant = examined.setup.enPassant;
    this.board.set({ pieces: new Map(this.pieces), selected: this.lifted });
    this.variantSelect.value = this.variant;
    this.turnRadios[this.turn].checked = true;
    for (const [letter] of CASTLING) {
      const box = this.castlingBoxes[letter];
      box.disabled = !examined.possibleCastling.includes(letter);
      box.checked = this.castling.includes(letter);
    }
    this.epSelect.replaceChildren(make("option", { value: "" }, t("editor.none")),
      ...examined.possibleEnPassant.map((square) => make("option", { value: square }, square)));
    this.epSelect.value = this.enPassant ?? "";
    this.epSelect.disabled = examined.possibleEnPassant.length === 0;
    if (document.activeElement !== this.fenInput || this.fenInput.value.trim() !== examined.fen) this.fenInput.value = examined.fen;
    this.problem.dataset.state = examined.error ? "illegal" : "legal";
    this.problem.textContent = examined.error ? t("editor.illegal", { reason: errorText(examined.error) }) : t("editor.legal");
    for (const b of [this.playButton, this.solveButton, this.embedButton]) b.disabled = Boolean(examined.error);
    history.replaceState(null, "", editFragment(this.variant, examined.fen));
  }

  /** The position as the playground takes it: variant and FEN, when it is legal. */
  get position() {
    return { variant: this.variant, fen: this.examined?.fen ?? EMPTY_FEN };
  }

  finish(what) {
    if (this.examined?.error) return;
    const { variant, fen } = this.position;
    if (what === "play") this.actions.play(variant, fen);
    else if (what === "solve") this.actions.solve(variant, fen, this.stipulation.value.trim() || "#2");
    else this.actions.embed(variant, fen);
  }

  /** Shows the editor on `fen` (or the current setup) and gives the palette the focus. */
  open({ variant, fen } = {}) {
    this.root.hidden = false;
    if (!fen || !this.load(fen, variant ?? this.variant)) {
      if (variant) this.variant = variant;
      this.update();
    }
    if (!this.tool) this.pick(null);
    this.board.flush();
  }

  hide() {
    this.root.hidden = true;
  }
}
