// What the board shows and accepts, as plain data. render.js draws it; input.js reads it.
import { defaults } from "./config.js";

/**
 * @typedef {Object} BoardState
 * @property {"white"|"black"} orientation
 * @property {boolean} coordinates
 * @property {Map<string, import("./config.js").Piece>} pieces  square -> piece
 * @property {Map<string, string[]>|null} dests  leaders the player may pick -> their destinations
 * @property {Set<string>|null} choosable  squares the player may click to settle an open choice
 * @property {string|null} selected  the picked leader
 * @property {Map<string, Set<string>>} marks  square -> highlight classes (vacated, candidate, ...)
 * @property {{from: string, to: string, kind: string}[]} arrows
 * @property {{square: string, text: string}[]} labels  small badges, e.g. "B→N"
 * @property {{color: string, from: string, to: string}[]} shapes  drawn by the player (from == to: a circle)
 * @property {string|null} check  square of a king in check
 * @property {[string, string][]} slides  moves to animate on the next render
 * @property {string|null} focus  square with the keyboard focus
 * @property {boolean} editable  the board editor's board: any unit may be dragged anywhere
 */

/** @returns {BoardState} */
export function initialState(options = {}) {
  return {
    orientation: options.orientation ?? defaults.orientation,
    coordinates: options.coordinates ?? defaults.coordinates,
    pieces: new Map(),
    dests: null,
    choosable: null,
    selected: null,
    marks: new Map(),
    arrows: [],
    labels: [],
    shapes: [],
    check: null,
    slides: [],
    focus: null,
    editable: false,
  };
}

/** Builds a marks map from `{ className: [squares] }`. */
export function marksFrom(groups) {
  const marks = new Map();
  for (const [className, squares] of Object.entries(groups)) {
    for (const square of squares ?? []) {
      if (!marks.has(square)) marks.set(square, new Set());
      marks.get(square).add(className);
    }
  }
  return marks;
}

/**
 * The board showing one step of a cascade, with no choice open: the step's pieces, marks,
 * arrows, labels and slides; `dests` and `check` as the caller decides.
 */
export function stepState(step, { dests = null, check = null } = {}) {
  return {
    pieces: step.pieces,
    marks: marksFrom(step.marks),
    arrows: step.arrows,
    labels: step.labels,
    slides: step.slides,
    choosable: null,
    selected: null,
    dests,
    check,
  };
}

/** `[{square, color, role}]` (as wasm reports pieces) -> Map. */
export function piecesFrom(list) {
  return new Map(list.map(({ square, color, role }) => [square, { color, role }]));
}

export function destsOf(state, square) {
  return state.dests?.get(square) ?? [];
}
