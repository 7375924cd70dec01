// The rules' second package (pkg/extras/, built from the same facade with its `extras` feature):
// PGN both ways, the diagram SVG and the board editor's questions. The pages load it the first
// time a panel needs it, so that the first playable board carries none of it; it is its own wasm
// instance, so games cross to it as their description (variant, start FEN, turn codes).

let loading = null;

/** The extras package, initialised (loaded once per page). */
export function extras() {
  loading ??= import("../pkg/extras/grolman_extras.js").then(async (module) => {
    await module.default();
    return module;
  });
  return loading;
}
