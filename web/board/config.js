// Defaults of the board. The board knows no chess: it is told what to draw and which
// squares accept which input, and reports intents (select, move, choose) back.

/** @typedef {"white"|"black"} Color */
/** @typedef {"pawn"|"knight"|"bishop"|"rook"|"queen"|"king"} Role */
/** @typedef {{color: Color, role: Role}} Piece */

export const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"];
export const SQUARE_SIZE = 100; // SVG user units per square; the SVG scales to its box.

export const defaults = {
  /** Which side is at the bottom. */
  orientation: "white",
  /** Draw a..h and 1..8 inside the edge squares. */
  coordinates: true,
  /** Pointer travel (in CSS pixels) before a press becomes a drag. */
  dragThreshold: 4,
};

/** "e4" -> [file 0..7, rank 0..7] */
export function coords(square) {
  return [square.charCodeAt(0) - 97, square.charCodeAt(1) - 49];
}

/** [file, rank] -> "e4" */
export function squareName(file, rank) {
  return FILES[file] + String(rank + 1);
}

export const ALL_SQUARES = Array.from({ length: 64 }, (_, i) => squareName(i % 8, Math.floor(i / 8)));
