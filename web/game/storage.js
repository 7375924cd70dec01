// The current game and the viewer's preferences survive a reload (localStorage).
// Storage may be unavailable (private mode, file://): then nothing is kept, nothing breaks.

const GAME_KEY = "grolman.game";
// The stored game a link replaced (a lesson's "try it"), until the player goes back to it.
const KEPT_KEY = "grolman.kept";
const PREFS_KEY = "grolman.prefs";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or forbidden: the game still lives in the URL fragment.
  }
}

/** @returns {{variant: string, fen: string|null, moves: string[], tree?: string|null}|null} */
export const loadGame = () => {
  const game = read(GAME_KEY);
  return game && typeof game.variant === "string" && Array.isArray(game.moves) ? game : null;
};
export const saveGame = (game) => write(GAME_KEY, game);
export const keepGame = (game) => write(KEPT_KEY, game);
export const loadKept = () => {
  const game = read(KEPT_KEY);
  return game && typeof game.variant === "string" && Array.isArray(game.moves) ? game : null;
};
export const dropKept = () => write(KEPT_KEY, null);

export const loadPrefs = () => read(PREFS_KEY) ?? {};
export const savePrefs = (prefs) => write(PREFS_KEY, { ...loadPrefs(), ...prefs });
