// Opening a game, for the playground and the <grolman-board> element alike: the variants the
// rules crate knows (asked once), and a wasm Game from a variant and a FEN that says which of
// the two it refused.
import { Game, variants } from "../../pkg/grolman.js";
import { t } from "../i18n/index.js";

let known = null;

/** The crate's variants, `{name, displayName, aliases, condition}`, in its order. */
export function variantList() {
  known ??= variants();
  return known;
}

/** The entry of `variantList()` for a variant's name as the Game reports it. */
export const variantInfo = (name) => variantList().find((v) => v.name === name);

/** A variant's name for people, in the reader's language ("Grolman chess", "Шахматы Грольмана"). */
export const variantName = (name) => t(`variant.${name}`);

/** Why `openGame` refused: `field` is "variant" or "fen"; the crate's error (its message,
 *  code and facts) otherwise. */
export class OpenError extends Error {
  constructor(field, error) {
    super(error.message);
    Object.assign(this, { field, code: error.code, facts: error.facts });
  }
}

/** A new Game of `variant` from `fen` (the start when empty), which may lack the kings of the
 *  sides `kingless` names ("w", "b", "wb": a problem's, as its report or description says;
 *  both are needed without it). Throws an OpenError. */
export function openGame(variant, fen, kingless) {
  let game;
  try {
    game = new Game(variant);
  } catch (error) {
    throw new OpenError("variant", error);
  }
  if (!fen) return game;
  game.free?.();
  try {
    return new Game(variant, fen, kingless || undefined);
  } catch (error) {
    throw new OpenError("fen", error);
  }
}
