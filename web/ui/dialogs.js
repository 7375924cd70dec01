// The new-game dialog and the PGN dialog (export, copy, download, import from text or file).
// Errors from the rules crate are shown inline; the current game is kept until one succeeds.

import { variantList, variantName } from "../game/open.js";
import { t } from "../i18n/index.js";

const $ = (id) => document.getElementById(id);

export function bindNewGameDialog(controller) {
  const dialog = $("new-dialog");
  const error = $("new-error");
  const fen = $("new-fen");
  const variant = $("new-variant");
  $("new-game").addEventListener("click", () => {
    // The variants the rules crate knows, in its order, named in the reader's language.
    variant.replaceChildren(...variantList().map((v) => new Option(variantName(v.name), v.name)));
    error.textContent = "";
    variant.value = controller.variant;
    dialog.showModal();
  });
  fen.addEventListener("input", () => {
    dialog.querySelector('input[name="start"][value="fen"]').checked = true;
  });
  $("new-cancel").addEventListener("click", () => dialog.close());
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const fromFen = dialog.querySelector('input[name="start"]:checked').value === "fen";
    const problem = controller.newGame(variant.value, fromFen ? fen.value.trim() : "");
    if (problem) {
      error.textContent = problem;
    } else {
      dialog.close();
    }
  });
}

export function bindPgnDialog(controller, note) {
  const dialog = $("pgn-dialog");
  const text = $("pgn-text");
  const error = $("pgn-error");
  // The dialog opens with the game's PGN in it (the writer loads with the extras package).
  $("pgn-open").addEventListener("click", async () => {
    text.value = await controller.exportPgn();
    error.textContent = "";
    dialog.showModal();
  });
  $("pgn-close").addEventListener("click", () => dialog.close());
  $("pgn-copy").addEventListener("click", async () => {
    error.textContent = (await copy(text.value)) ? "" : t("pgn.noClipboard");
    if (!error.textContent) note(t("pgn.copied"));
  });
  $("pgn-paste").addEventListener("click", async () => {
    try {
      text.value = await navigator.clipboard.readText();
      error.textContent = "";
    } catch {
      error.textContent = t("pgn.noPaste");
    }
  });
  $("pgn-download").addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text.value], { type: "application/x-chess-pgn" }));
    link.download = `${controller.variant}-game.pgn`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  $("pgn-file").addEventListener("change", async (event) => {
    const file = event.target.files?.[0];
    if (file) text.value = await file.text();
  });
  $("pgn-import").addEventListener("click", async () => {
    const problem = await controller.importPgn(text.value);
    if (problem) error.textContent = problem;
    else dialog.close();
  });
}

/** Writes text to the clipboard; false when the browser refuses. */
export async function copy(value) {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}
