// The project's own piece set: one SVG symbol per role, drawn in a 100 x 100 box.
// Colour comes from CSS: `fill` is the body, `stroke` the outline, `color` the inner details,
// so the same symbols serve both sides and every theme. Licence: the project's own (MIT, as the rest of the project).
// The drawings have one source, crates/grolman-diagram/pieces.json, compiled into the problem
// diagrams (`grolman diagram`, wasm `diagramSvg`) and written to pkg/pieces.js, a plain module,
// by scripts/build-wasm.sh.
import SHAPES from "../../pkg/pieces.js";

/** `<symbol>` definitions to place in the board's `<defs>`. */
export function pieceSymbols() {
  return Object.entries(SHAPES)
    .map(([role, body]) => `<symbol id="piece-${role}" viewBox="0 0 100 100">${body}</symbol>`)
    .join("");
}
