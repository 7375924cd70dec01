// The URL fragment that holds a game:
//   #variant=grolman&fen=<FEN, URL-encoded>&m=<turn code>&m=<turn code>...
// fen is left out for the standard start position. Two other fragments open the studio:
//   #edit&variant=<v>&fen=<FEN>   the board editor on that position (web/edit/)
//   #problem=<problem text>       the Solve panel on that problem, solving it (web/ui/solve.js)

/** @returns {{variant: string|null, fen: string|null, moves: string[]}|null} null when empty */
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
  };
}

/** @param {{variant: string, fen: string|null, moves: string[]}} game */
export function writeFragment({ variant, fen, moves }) {
  const parts = [`variant=${encodeURIComponent(variant)}`];
  if (fen) parts.push(`fen=${encodeURIComponent(fen)}`);
  for (const code of moves) parts.push(`m=${encodeURIComponent(code)}`);
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
