// The URL fragment that holds a game:
//   #variant=grolman&fen=<FEN, URL-encoded>&m=<turn code>&m=<turn code>...[&tree=<tree>][&kingless=b]
// fen is left out for the standard start position; m are the main line's turn codes; tree,
// when the game has side lines or notes, is the whole tree in turn codes (wasm treeCodes())
// and is read instead of m; kingless, for a problem's position (a solution shown from the Solve
// panel), the sides its FEN has without a king (wasm Game.kingless()), as `new Game` takes them. Two other fragments open the studio:
//   #edit&variant=<v>&fen=<FEN>   the board editor on that position (web/edit/)
//   #problem=<problem text>       the Solve panel on that problem, solving it (web/ui/solve.js)

/** @returns {{variant: string|null, fen: string|null, moves: string[], tree: string|null, kingless?: string}|null} null when empty */
export function readFragment(hash) {
  const text = hash.replace(/^#/, "");
  if (!text) return null;
  const params = new URLSearchParams(text);
  if (params.has("edit") || params.has("problem")) return null;
  if (!params.has("variant") && !params.has("fen") && !params.has("m")) return null;
  return {
    variant: params.get("variant"),
    fen: params.get("fen") || null,
    moves: params.getAll("m").filter((code) => code.trim() !== ""),
    tree: params.get("tree") || null,
    ...(params.get("kingless") ? { kingless: params.get("kingless") } : {}),
  };
}

/** @param {{variant: string, fen: string|null, moves: string[], tree: string|null, kingless?: string}} game */
export function writeFragment({ variant, fen, moves, tree, kingless }) {
  const parts = [`variant=${encodeURIComponent(variant)}`];
  if (fen) parts.push(`fen=${encodeURIComponent(fen)}`);
  for (const code of moves) parts.push(`m=${encodeURIComponent(code)}`);
  if (tree) parts.push(`tree=${encodeURIComponent(tree)}`);
  if (kingless) parts.push(`kingless=${encodeURIComponent(kingless)}`);
  return `#${parts.join("&")}`;
}

/** The studio's fragments: `{ edit: {variant, fen} }`, `{ problem: text }`, or null. */
export function readStudioFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("problem")) return { problem: params.get("problem") };
  if (params.has("edit")) return { edit: { variant: params.get("variant"), fen: params.get("fen") || null } };
  return null;
}

export const editFragment = (variant, fen) =>
  `#edit&variant=${encodeURIComponent(variant)}&fen=${encodeURIComponent(fen)}`;
