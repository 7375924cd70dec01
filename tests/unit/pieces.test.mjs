// web/board/pieces.json (read by the Rust diagram crate) must draw the same pieces as the
// board's own set in web/board/pieces.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pieceSymbols } from "../../web/board/pieces.js";

test("pieces.json holds the same shapes as the board's piece set", () => {
  const shapes = JSON.parse(readFileSync(new URL("../../web/board/pieces.json", import.meta.url), "utf8"));
  const symbols = pieceSymbols();
  for (const role of ["pawn", "knight", "bishop", "rook", "queen", "king"]) {
    assert.ok(
      symbols.includes(`<symbol id="piece-${role}" viewBox="0 0 100 100">${shapes[role]}</symbol>`),
      `the ${role} of pieces.json differs from web/board/pieces.js`,
    );
  }
});
