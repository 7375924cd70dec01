// The URL fragment that holds a game:
//   #variant=grolman&fen=<FEN, URL-encoded>&m=<turn code>&m=<turn code>...
// fen is left out for the standard start position.

/** @returns {{variant: string|null, fen: string|null, moves: string[]}|null} null when empty */
export function readFragment(hash) {
  const text = hash.replace(/^#/, "");
  if (!text) return null;
  const params = new URLSearchParams(text);
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
