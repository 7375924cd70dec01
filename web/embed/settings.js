// The settings of one <grolman-board>, read from its attributes (or from embed.html's URL
// parameters, which carry the same names). Only their form is checked here; whether a variant,
// a FEN or a turn is valid is for the rules (wasm) to say.

export const ATTRIBUTES = [
  "variant", "fen", "moves", "pgn", "orientation", "mode", "coordinates",
  "author", "source", "stipulation", "condition", "title", "export", "lang", "options",
];
export const CAPTION = ["title", "author", "source", "condition", "stipulation"];
export const MODES = ["diagram", "replay", "play", "solve"];
const MAX_TEXT = 300;
const MAX_MOVES = 600;
const MAX_PGN = 200_000;

/** A problem with one setting, shown inside the board that has it. */
export class SettingError extends Error {}

/** What a reader sees of a bad value: short, one line. */
export function quote(value) {
  const text = String(value).replace(/\s+/g, " ");
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

/**
 * @param {(name: string) => string|null} get  attribute or URL parameter by name
 * @returns {{variant: string, fen: string, moves: string[], pgn: string|null, orientation: string, mode: string,
 *            coordinates: boolean, caption: Object<string, string>, export: string[]}}
 */
export function readSettings(get) {
  const variant = (get("variant") ?? "grolman").trim() || "grolman";
  const mode = (get("mode") ?? "diagram").trim().toLowerCase() || "diagram";
  if (!MODES.includes(mode)) throw new SettingError(`unknown mode ${quote(get("mode"))}: use diagram, replay, play or solve`);
  const orientation = (get("orientation") ?? "white").trim().toLowerCase() || "white";
  if (orientation !== "white" && orientation !== "black") {
    throw new SettingError(`unknown orientation ${quote(get("orientation"))}: use white or black`);
  }
  const coordinatesText = (get("coordinates") ?? "true").trim().toLowerCase();
  const coordinates = !["false", "no", "off", "0"].includes(coordinatesText);
  const moves = (get("moves") ?? "").split(/\s+/).filter(Boolean);
  if (moves.length > MAX_MOVES) throw new SettingError(`too many moves (${moves.length}; at most ${MAX_MOVES})`);
  // A PGN (the attribute, or the element's child script) is a whole game: its tags name the
  // variant and the start, its movetext the turns with side lines, comments and shapes.
  const pgn = get("pgn")?.trim() || null;
  if (pgn) {
    const clash = ["variant", "fen", "moves"].find((name) => get(name)?.trim());
    if (clash) throw new SettingError(`${clash} and pgn both given: the PGN names the variant, the start and the turns ([Variant], [FEN] and its movetext)`);
    if (pgn.length > MAX_PGN) throw new SettingError(`pgn too long (${pgn.length} characters; at most ${MAX_PGN})`);
  }
  const caption = {};
  for (const name of CAPTION) {
    const value = (get(name) ?? "").trim();
    if (value) caption[name] = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  const exports = (get("export") ?? "").toLowerCase().split(/[\s,]+/).filter((x) => x === "svg" || x === "png");
  // Popeye's options for mode="solve" (`SetPlay Threat 2`): the solver reads them.
  const options = (get("options") ?? "").trim();
  if (options.length > MAX_TEXT) throw new SettingError(`options too long (${options.length} characters; at most ${MAX_TEXT})`);
  return { variant, fen: (get("fen") ?? "").trim(), moves, pgn, orientation, mode, coordinates, caption, export: exports, options };
}
