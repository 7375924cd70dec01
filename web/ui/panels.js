// The side panels that playing a turn does not need: the computer, analysis, projector mode, the
// Solve panel and the studio (the board editor's button and fragments), the New game and PGN
// dialogs and the link to copy. web/main.js imports this module once the board is playable, with
// the catalog's part of their texts (PANELS) and their stylesheet (panels.css), so that the first
// load waits for none of them.
import { Opponent } from "./opponent.js";
import { AnalysisPanel } from "./analysis.js";
import { Projector, turnWalk } from "./projector.js";
import { SolvePanel } from "./solve.js";
import { bindNewGameDialog, bindPgnDialog, copy } from "./dialogs.js";
import { bindStudio } from "../edit/studio.js";
import { t } from "../i18n/index.js";

// The panels' own rules (the dialogs, the solution, analysis, projector mode): the first paint
// does without them, and the panels are wired once they apply.
const styles = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./panels.css", import.meta.url).href });
document.head.append(styles);
await new Promise((done) => {
  styles.onload = done;
  styles.onerror = done;
});

const $ = (id) => document.getElementById(id);

/**
 * Wires the panels to the controller.
 * @param {import("../game/controller.js").Controller} controller
 * @param {{ prefs: object, save: (prefs: object) => void, note: (text: string) => void,
 *           studio: object|null, host: HTMLElement }} page  the stored preferences, the page's
 *   note line, the studio fragment the page was opened with, the board's host element
 * @returns {{ opponent: Opponent, analysis: AnalysisPanel, projector: Projector, update: () => void }}
 */
export function bindPanels(controller, { prefs, save, note, studio, host }) {
  const opponent = new Opponent(controller, {
    side: $("computer-side"), level: $("computer-level"), hint: $("hint"),
    state: $("computer-state"), line: $("computer-line"), meaning: $("computer-level-meaning"),
  }, { side: prefs.computer, level: prefs.level, save });
  const analysis = new AnalysisPanel(controller, {
    panel: $("analysis-panel"), toggle: $("analysis-toggle"), bar: $("eval-bar"), fill: $("eval-fill"),
    score: $("eval-score"), depth: $("analysis-depth"), lines: $("analysis-lines"),
  });
  const projector = new Projector(turnWalk(controller), { toggle: $("projector"), blank: $("blank") });
  opponent.update({ fresh: true });
  const solvePanel = new SolvePanel(controller, {
    panel: $("solve-panel"), text: $("solve-text"), stipulation: $("solve-stipulation"), fill: $("solve-fill"),
    solve: $("solve-start"), cancel: $("solve-cancel"), progress: $("solve-progress"),
    output: $("solve-output"), error: $("solve-error"), board: host,
  });
  bindStudio(controller, solvePanel, studio);
  bindNewGameDialog(controller);
  bindPgnDialog(controller, note);
  $("copy-link").addEventListener("click", async () => {
    const link = controller.link();
    note((await copy(link)) ? t("share.copied") : t("share.copyThis", { link }));
  });
  return {
    opponent,
    analysis,
    projector,
    /** After every change of the game. */
    update: () => {
      opponent.update();
      analysis.update();
    },
  };
}
