// State in, SVG out. The structure (squares, layers) is built once; each render updates
// attributes and classes, batched to one animation frame.
import { ALL_SQUARES, FILES, SQUARE_SIZE as S, coords } from "./config.js";
import { pieceSymbols } from "./pieces.js";
import { destsOf } from "./state.js";
import { t } from "../i18n/index.js";

const NS = "http://www.w3.org/2000/svg";
const el = (name, attrs = {}) => {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
};

/** The kinds of arrow the board draws, each with its own colour (theme.css) and head: a
 *  marker cannot take its line's colour in every browser. */
const ARROW_KINDS = ["defend", "candidate", "follow", "hint", "shape-green", "shape-red", "shape-yellow", "shape-blue"];
const arrowhead = (kind) =>
  `<marker id="arrowhead-${kind}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" ` +
  `orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" class="arrowhead ${kind}"/></marker>`;

/** The highlights a square's label reads out, each in the catalog as `mark.<name>`. */
const SPOKEN_MARKS = new Set(["last", "last-chain", "vacated", "candidate", "weakest", "moved", "chosen",
  "defender", "transformed", "hint", "hint-to"]);

/** Top-left corner of a square in board units for an orientation. */
export function origin(square, orientation) {
  const [file, rank] = coords(square);
  return orientation === "white" ? [file * S, (7 - rank) * S] : [(7 - file) * S, rank * S];
}

export function pieceName(piece) {
  return `${piece.color} ${piece.role}`;
}

export class BoardView {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.svg = el("svg", {
      class: "board",
      viewBox: `0 0 ${8 * S} ${8 * S}`,
      role: "group",
      "aria-label": t("element.kind.diagram"),
      // Chromium makes an <svg> with focus listeners a tab stop; the roving square is the only one.
      tabindex: "-1",
    });
    this.svg.innerHTML =
      `<defs>${pieceSymbols()}${ARROW_KINDS.map(arrowhead).join("")}</defs>`;
    this.squareLayer = this.svg.appendChild(el("g", { class: "squares" }));
    this.arrowLayer = this.svg.appendChild(el("g", { class: "arrows", "aria-hidden": "true" }));
    this.pieceLayer = this.svg.appendChild(el("g", { class: "pieces", "aria-hidden": "true" }));
    this.labelLayer = this.svg.appendChild(el("g", { class: "labels", "aria-hidden": "true" }));
    this.shapeLayer = this.svg.appendChild(el("g", { class: "shapes", "aria-hidden": "true" }));
    this.squares = new Map();
    // What each square last drew, so that a draw writes only what changed (a redraw wrote
    // about 700 attributes). What never changes is written here once.
    this.drawn = new Map();
    for (const square of ALL_SQUARES) {
      const [file, rank] = coords(square);
      const base = `square ${(file + rank) % 2 ? "light" : "dark"}`;
      const g = el("g", { class: base, "data-square": square, id: `square-${square}`, role: "button", tabindex: "-1" });
      g.append(el("rect", { class: "bg", width: S, height: S }));
      g.append(el("rect", { class: "hl", width: S, height: S }));
      g.append(el("circle", { class: "dest", r: S * 0.16, cx: S / 2, cy: S / 2 }));
      const fileLabel = el("text", { class: "coord file", "aria-hidden": "true", x: S - 6, y: S - 7 });
      const rankLabel = el("text", { class: "coord rank", "aria-hidden": "true", x: 6, y: 22 });
      g.append(fileLabel, rankLabel);
      this.squareLayer.append(g);
      this.squares.set(square, g);
      this.drawn.set(square, { base, fileLabel, rankLabel, transform: null, class: null, label: null, file: null, rank: null });
    }
    /** square -> <use> element of the piece drawn there */
    this.pieceNodes = new Map();
    host.append(this.svg);
    this.frame = 0;
  }

  /** Renders `state` at the next animation frame (many calls in one frame draw once). */
  schedule(state) {
    this.pending = state;
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw(this.pending);
      });
    }
  }

  /** Draws now. */
  draw(state) {
    this.drawSquares(state);
    this.drawPieces(state);
    this.drawArrows(state);
    this.drawLabels(state);
    this.drawShapes(state);
  }

  /** The player's drawing, over the pieces: circles and arrows in four colours. */
  drawShapes(state) {
    this.shapeLayer.replaceChildren(
      ...(state.shapes ?? []).map(({ color, from, to }) => {
        const [x1, y1] = origin(from, state.orientation).map((v) => v + S / 2);
        if (from === to) {
          return el("circle", { class: `shape ${color}`, cx: x1, cy: y1, r: S * 0.44, "data-square": from });
        }
        const [x2, y2] = origin(to, state.orientation).map((v) => v + S / 2);
        const length = Math.hypot(x2 - x1, y2 - y1);
        const trim = S * 0.3;
        return el("line", {
          class: `shape ${color}`,
          x1,
          y1,
          x2: x2 - ((x2 - x1) / length) * trim,
          y2: y2 - ((y2 - y1) / length) * trim,
          "marker-end": `url(#arrowhead-shape-${color})`,
          "data-from": from,
          "data-to": to,
        });
      }),
    );
  }

  drawSquares(state) {
    const { orientation, selected, pieces } = state;
    const dests = new Set(selected ? destsOf(state, selected) : []);
    for (const [square, g] of this.squares) {
      const drawn = this.drawn.get(square);
      const [x, y] = origin(square, orientation);
      const transform = `translate(${x} ${y})`;
      if (drawn.transform !== transform) g.setAttribute("transform", (drawn.transform = transform));
      const marks = state.marks.get(square) ?? new Set();
      const classes = [...marks];
      if (state.dests?.has(square)) classes.push("leader");
      if (square === selected) classes.push("selected");
      if (dests.has(square)) classes.push(pieces.has(square) ? "dest-capture" : "dest-move");
      if (state.choosable?.has(square)) classes.push("choosable");
      if (square === state.check) classes.push("check");
      if (square === state.focus) classes.push("focused");
      // A drag's "drag-over" (web/board/input.js) is the one class written elsewhere: a draw
      // clears it as it always did.
      const className = `${drawn.base} ${classes.join(" ")}`.trim();
      if (drawn.class !== className || g.classList.contains("drag-over")) g.setAttribute("class", (drawn.class = className));
      this.drawCoordinates(drawn, square, state);
      const label = this.describe(square, state, dests, marks);
      if (drawn.label !== label) g.setAttribute("aria-label", (drawn.label = label));
    }
  }

  drawCoordinates(drawn, square, { orientation, coordinates }) {
    const [file, rank] = coords(square);
    const bottomRank = orientation === "white" ? 0 : 7;
    const leftFile = orientation === "white" ? 0 : 7;
    const fileText = coordinates && rank === bottomRank ? FILES[file] : "";
    if (drawn.file !== fileText) drawn.fileLabel.textContent = drawn.file = fileText;
    const rankText = coordinates && file === leftFile ? String(rank + 1) : "";
    if (drawn.rank !== rankText) drawn.rankLabel.textContent = drawn.rank = rankText;
  }

  describe(square, state, dests, marks) {
    const piece = state.pieces.get(square);
    const parts = [piece ? t("editor.unitOn", { piece: t(`piece.${piece.color}.${piece.role}`), square }) : t("square.empty", { square })];
    if (square === state.selected) parts.push(t("square.picked"));
    else if (state.dests?.has(square)) parts.push(t("square.canLead"));
    if (dests.has(square)) parts.push(t("square.destination"));
    if (state.choosable?.has(square)) parts.push(t("square.choosable"));
    for (const mark of marks) parts.push(SPOKEN_MARKS.has(mark) ? t(`mark.${mark}`) : mark.replace(/-/g, " "));
    return parts.join(", ");
  }

  drawPieces(state) {
    const nodes = this.pieceNodes;
    // Slides first: the node of a moving piece is re-keyed so that it glides to its new square.
    for (const [from, to] of state.slides) {
      const node = nodes.get(from);
      if (!node || !state.pieces.has(to)) continue;
      nodes.get(to)?.remove();
      nodes.delete(from);
      nodes.set(to, node);
    }
    for (const [square, node] of nodes) {
      if (!state.pieces.has(square)) {
        node.remove();
        nodes.delete(square);
      }
    }
    for (const [square, piece] of state.pieces) {
      let node = nodes.get(square);
      if (!node) {
        node = el("use", { width: S, height: S });
        node.classList.add("piece", "appearing");
        this.pieceLayer.append(node);
        nodes.set(square, node);
      }
      const href = `#piece-${piece.role}`;
      if (node.getAttribute("href") !== href || !node.classList.contains(piece.color)) {
        if (node.getAttribute("href")) node.classList.add("changed");
        node.setAttribute("href", href);
        node.classList.remove("white", "black");
        node.classList.add(piece.color);
      }
      node.dataset.square = square;
      node.dataset.piece = pieceName(piece);
      if (!node.classList.contains("dragging")) {
        const [x, y] = origin(square, state.orientation);
        node.style.transform = `translate(${x}px, ${y}px)`;
      }
    }
    state.slides = [];
    // Let the "appearing" and "changed" animations run once.
    requestAnimationFrame(() => {
      for (const node of nodes.values()) node.classList.remove("appearing");
      setTimeout(() => {
        for (const node of nodes.values()) node.classList.remove("changed");
      }, 600);
    });
  }

  drawArrows(state) {
    this.arrowLayer.replaceChildren(
      ...state.arrows.map(({ from, to, kind }) => {
        const [x1, y1] = origin(from, state.orientation).map((v) => v + S / 2);
        const [x2, y2] = origin(to, state.orientation).map((v) => v + S / 2);
        const length = Math.hypot(x2 - x1, y2 - y1) || 1;
        const trim = S * 0.32; // stop short of the centre so the head does not hide the piece
        const ex = x2 - ((x2 - x1) / length) * trim;
        const ey = y2 - ((y2 - y1) / length) * trim;
        return el("line", {
          class: `arrow ${kind}`,
          x1,
          y1,
          x2: ex,
          y2: ey,
          "marker-end": `url(#arrowhead-${ARROW_KINDS.includes(kind) ? kind : "defend"})`,
          "data-from": from,
          "data-to": to,
        });
      }),
    );
  }

  drawLabels(state) {
    this.labelLayer.replaceChildren(
      ...state.labels.map(({ square, text }) => {
        const [x, y] = origin(square, state.orientation);
        const g = el("g", { class: "label", transform: `translate(${x + S - 4} ${y + 4})`, "data-square": square });
        const width = 14 + text.length * 11;
        g.append(el("rect", { x: -width, y: 0, width, height: 26, rx: 6 }));
        const t = el("text", { x: -width / 2, y: 19, "text-anchor": "middle" });
        t.textContent = text;
        g.append(t);
        return g;
      }),
    );
  }

  /** The square under a client point, or null off the board. */
  squareAt(clientX, clientY, orientation) {
    const point = new DOMPoint(clientX, clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const col = Math.floor(point.x / S);
    const row = Math.floor(point.y / S);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    const file = orientation === "white" ? col : 7 - col;
    const rank = orientation === "white" ? 7 - row : row;
    return FILES[file] + String(rank + 1);
  }

  /** Moves a dragged piece node to a client point (board units, centred). */
  dragTo(node, clientX, clientY) {
    const point = new DOMPoint(clientX, clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    node.style.transform = `translate(${point.x - S / 2}px, ${point.y - S / 2}px)`;
  }
}
