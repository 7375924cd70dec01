// The board (web/board/pieces.js) draws the diagram crate's pieces.json, written to pkg/pieces.js
// by scripts/build-wasm.sh: the copy must be the file itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pieceSymbols } from "../../web/board/pieces.js";

test("the board draws the diagram crate's piece drawings", () => {
  const shapes = JSON.parse(readFileSync(new URL("../../crates/grolman-diagram/pieces.json", import.meta.url), "utf8"));
  const symbols = pieceSymbols();
  for (const role of ["pawn", "knight", "bishop", "rook", "queen", "king"]) {
    assert.ok(
      symbols.includes(`<symbol id="piece-${role}" viewBox="0 0 100 100">${shapes[role]}</symbol>`),
      `the ${role} of crates/grolman-diagram/pieces.json differs from the board's`,
    );
  }
});
