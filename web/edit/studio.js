// The composer's studio in the playground: the "Edit position" button and the board editor,
// and the two fragments that open it (web/game/url.js): #edit&variant=<v>&fen=<FEN> opens the
// editor on that position, #problem=<problem text> opens the Solve panel on it and solves it.
// What the editor's position becomes (a game, a problem, an embed) is the playground's own work.
import { readStudioFragment } from "../game/url.js";

const $ = (id) => document.getElementById(id);

/**
 * @param {import("../game/controller.js").Controller} controller
 * @param {import("../ui/solve.js").SolvePanel} solvePanel
 * @param {{edit?: {variant: string|null, fen: string|null}, problem?: string}|null} opening  the fragment the page was opened with
 */
export function bindStudio(controller, solvePanel, opening) {
  const root = $("editor");
  let editor = null;
  const leave = () => {
    document.body.dataset.mode = "play";
    editor?.hide();
    controller.persist(); // the game's fragment again
  };
  // The game on the board becomes the editor's position; a bad one is said by the controller.
  const play = (variant, fen) => {
    const problem = controller.newGame(variant, fen);
    if (problem) {
      editor.problem.textContent = problem;
      return false;
    }
    leave();
    return true;
  };
  // The editor's module loads when it is first opened: the first playable board does not wait for it.
  const open = async (position) => {
    const { Editor } = await import("./editor.js");
    editor ??= new Editor(root, {
      play,
      solve: (variant, fen, stipulation) => {
        if (play(variant, fen)) solvePanel.openProblem(null, { position: { variant, fen }, stipulation });
      },
      embed: (variant, fen) => {
        if (play(variant, fen)) $("embed-open")?.click();
      },
      close: leave,
    });
    document.body.dataset.mode = "edit";
    editor.open(position ?? { variant: controller.variant, fen: controller.game.fen() });
    root.querySelector(".palette button")?.focus();
  };
  $("edit-open").addEventListener("click", () => open());

  const follow = (studio) => {
    if (studio?.edit) open(studio.edit);
    else if (studio?.problem) {
      if (document.body.dataset.mode === "edit") leave();
      solvePanel.openProblem(studio.problem);
    }
  };
  addEventListener("hashchange", () => {
    const studio = readStudioFragment(location.hash);
    // An error said about an earlier link is stale once a link opens the editor or a problem,
    // which say their own problems in their own places.
    if (studio) controller.ui.errors.clear();
    follow(studio);
  });
  follow(opening);
}
