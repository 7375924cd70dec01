// Turns as the page shows them: the crate's literature notation with the reader's piece letters
// (the language's, or figurines). The crate rewrites the letters (wasm `notationIn`), knowing
// where its notation puts them; the letters themselves are texts of the catalog (notation.letters).
// PGN, turn codes and links keep the English letters the crate wrote.
import { notationIn } from "../../pkg/grolman.js";
import { t } from "./index.js";

export const ENGLISH = "K Q R B N";
export const FIGURINES = "♔ ♕ ♖ ♗ ♘";
const ROLES = ["king", "queen", "rook", "bishop", "knight"];

let figurines = false;

/** Whether turns are shown with figurines rather than the language's letters. */
export const setFigurines = (on) => { figurines = Boolean(on); };
export const usesFigurines = () => figurines;

/** The five letters shown now (king, queen, rook, bishop, knight), separated by spaces. */
export const pieceLetters = () => (figurines ? FIGURINES : t("notation.letters"));

/** `notation` (as the crate wrote it) in `letters`, by default the ones shown now. */
export function shown(notation, letters = pieceLetters()) {
  return letters === ENGLISH || !notation ? notation : notationIn(notation, letters);
}

/** The letter shown for a kind ("" for a pawn: notation writes none). */
export function letterOf(role) {
  const index = ROLES.indexOf(role);
  return index < 0 ? "" : pieceLetters().split(" ")[index];
}

/** A kind's letter on a board label, where a pawn needs one too ("P", Russian "п"). */
export const labelLetterOf = (role) => (role === "pawn" ? (figurines ? "♙" : t("notation.pawn")) : letterOf(role));
