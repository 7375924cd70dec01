// Entry point: loads the rules (wasm), builds the views, wires the controls and keys.
import init from "../pkg/grolman.js";
import { Board } from "./board/board.js";
import { Controller } from "./game/controller.js";
import { loadPrefs, savePrefs } from "./game/storage.js";
import { MoveList } from "./ui/movelist.js";
import { Picker } from "./ui/pickers.js";
import { ErrorLine, StatusBanner } from "./ui/banner.js";
import { CascadePanel } from "./ui/cascade.js";
import { readStudioFragment } from "./game/url.js";
import { keepOffline } from "./offline.js";
import { ERRORS, LANGUAGES, PANELS, language, load, onLanguageChange, t, withTexts } from "./i18n/index.js";
import { choosePageLanguage } from "./i18n/page.js";
import { startLanguage } from "./i18n/choice.js";
import { setFigurines } from "./i18n/notation.js";
import { errorTexts } from "./i18n/error-text.js";

const $ = (id) => document.getElementById(id);

/** Whether every node from the start to `node` is its parent's first continuation. */
function onMainLine(tree, node) {
  for (let at = node; at.parent !== null; at = tree.nodes[at.parent]) {
    if (tree.nodes[at.parent].children[0] !== at.id) return false;
  }
  return true;
}

/** The rules: the wasm that the served page's head script (web/boot.js) is compiling already,
 *  instantiated; else (no such script, or its compile failed) fetched and compiled here. */
const rules = () => (globalThis.grolmanWasm ?? Promise.reject(new Error("no early compile")))
  .then((module) => init({ module_or_path: module }))
  .catch(() => init());

async function start() {
  const started = performance.now();
  // The catalog loads beside the wasm: only the chosen language's.
  await Promise.all([rules(), choosePageLanguage(startLanguage(), { remember: false })]);
  const prefs = loadPrefs();
  setFigurines(prefs.figurines);
  const host = $("board-host");
  let controller;
  const board = new Board(host, {
    orientation: prefs.orientation ?? "white",
    onMove: (from, to) => controller.move(from, to),
    onShape: (shape) => controller.toggleShape(shape),
    onClearShapes: () => controller.setNote({ ...controller.node.note, shapes: [] }),
  });
  // A press while a cascade replays skips to its end first, so that the same press can
  // already pick a leader.
  board.view.svg.addEventListener("pointerdown", () => controller.wake(), { capture: true });
  board.view.svg.addEventListener("keydown", () => controller.wake(), { capture: true });

  const prompt = $("prompt");
  const note = (text) => {
    $("share-note").textContent = text;
    setTimeout(() => { if ($("share-note").textContent === text) $("share-note").textContent = ""; }, 4000);
  };
  const ui = {
    board,
    cascade: null,
    moveList: new MoveList($("moves"), (node) => controller.goTo(node)),
    status: new StatusBanner($("status"), $("variant-name")),
    errors: new ErrorLine($("error"), $("error-text"), $("error-close")),
    pickers: new Picker($("picker")),
    prompt: { set: (text) => { prompt.hidden = !text; prompt.textContent = text ?? ""; } },
    fenBox: { set: (fen) => { $("fen").value = fen; $("fen-error").textContent = ""; } },
  };
  controller = new Controller(ui);
  ui.cascade = new CascadePanel(controller.player);

  // Preferences.
  host.dataset.theme = prefs.theme ?? "brown";
  $("board-legend").dataset.theme = host.dataset.theme;
  $("theme").value = host.dataset.theme;
  $("theme").addEventListener("change", () => {
    host.dataset.theme = $("theme").value;
    $("board-legend").dataset.theme = host.dataset.theme;
    savePrefs({ theme: host.dataset.theme });
  });
  // The language picker: each language named in itself; switching keeps the game.
  const picker = $("language");
  picker.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => new Option(name, code)));
  picker.value = document.documentElement.lang;
  picker.addEventListener("change", () => choosePageLanguage(picker.value));
  const letters = $("piece-letters");
  letters.value = prefs.figurines ? "figurines" : "letters";
  letters.addEventListener("change", () => {
    setFigurines(letters.value === "figurines");
    savePrefs({ figurines: letters.value === "figurines" });
    retell();
  });
  controller.autoplay = prefs.autoplay ?? true;
  $("autoplay").checked = controller.autoplay;
  $("autoplay").addEventListener("change", () => {
    controller.autoplay = $("autoplay").checked;
    savePrefs({ autoplay: controller.autoplay });
  });
  if (prefs.speed) {
    controller.player.setSpeed(prefs.speed);
    ui.cascade.setSpeed(prefs.speed);
  }
  $("speed").addEventListener("change", () => savePrefs({ speed: Number($("speed").value) }));

  // Read before the controller writes the game's fragment over it.
  const studio = readStudioFragment(location.hash);
  controller.open();
  // A link that replaced the stored game (a lesson's "try it") offers the way back to it.
  $("kept-note").hidden = !controller.keptByLink;
  $("kept-restore").addEventListener("click", () => {
    const problem = controller.restoreKept();
    if (problem) ui.errors.show(problem);
    $("kept-note").hidden = true;
  });
  $("kept-dismiss").addEventListener("click", () => { $("kept-note").hidden = true; });
  $("loading").remove();
  board.flush();

  // The line tools and the comment box act on the node played from.
  const showLineTools = () => {
    const node = controller.node;
    $("line-delete").disabled = node.id === 0;
    $("line-promote").disabled = node.id === 0 || onMainLine(controller.tree, node);
    if (document.activeElement !== $("turn-comment")) $("turn-comment").value = node.note.comment;
  };
  // The side panels (web/ui/panels.js) are wired once the board is playable.
  let panels = null;
  // Another language or letter set: every text the page wrote is written again; the game and
  // the place in it stay.
  const retell = () => {
    controller.retell();
    panels?.update();
  };
  onLanguageChange((code) => {
    picker.value = code;
    retell();
  });
  controller.onChange = () => {
    showLineTools();
    panels?.update();
  };
  showLineTools();

  // Controls.
  const flip = () => {
    board.flip();
    savePrefs({ orientation: board.state.orientation });
  };
  $("flip").addEventListener("click", flip);
  $("undo").addEventListener("click", () => controller.undo());
  $("turn-first").addEventListener("click", () => controller.toStart());
  $("turn-prev").addEventListener("click", () => controller.stepBack());
  $("turn-next").addEventListener("click", () => controller.stepForward());
  $("turn-last").addEventListener("click", () => controller.toLineEnd());
  $("line-promote").addEventListener("click", () => controller.promote(controller.tree.current));
  $("line-delete").addEventListener("click", () => controller.deleteLine(controller.tree.current));
  // What the player types may be refused in words of the errors part, which may still be on its
  // way just after the board became playable: those answers wait for it (at once once it is in).
  $("turn-comment").addEventListener("change", async () => {
    await errorTexts();
    const problem = controller.setComment($("turn-comment").value);
    if (problem) ui.errors.show(problem);
  });
  $("fen-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    await errorTexts();
    const problem = controller.loadFen($("fen").value);
    if (problem) $("fen-error").textContent = problem;
  });

  // Keys (the board handles its own arrow keys while it has the focus).
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, textarea, select, dialog, .picker")) return;
    const player = controller.player;
    const actions = {
      ArrowLeft: () => player.previous(),
      ArrowRight: () => player.next(),
      " ": () => player.toggle(),
      Home: () => player.first(),
      End: () => player.skip(),
      ArrowUp: () => controller.stepBack(),
      ArrowDown: () => controller.stepForward(),
      f: flip,
      ...(panels ? { a: () => panels.analysis.toggle(), ...panels.projector.keys() } : {}), // A, P and a presenter's clicker
      Escape: () => controller.cancelEntry(true),
    };
    const action = actions[event.key];
    if (!action) return;
    if (event.key === " " && event.target.closest?.("button")) return; // space presses buttons
    event.preventDefault();
    action();
  });

  // For scripts/measure.mjs: milliseconds from navigation start to a playable board.
  window.grolman = { controller, board, readyAt: performance.now(), initMs: performance.now() - started };
  // What playing does not need loads now that the board is playable: the rules' error texts, the
  // side panels and their texts (from now on every language loads with them), then,
  // while the page idles, the Embed dialog (web/embed/dialog.js installs its own button in the
  // Share section) and the engine's warm-up (web/worker/client.js: the computer's first answer at
  // full speed), and last, at the next idle moment after the warm-up has begun, the service worker
  // (web/offline.js): its install fetches every file of the site (the engine's wasm among them)
  // and would otherwise compete with the page's own. The page says it is ready (body[data-ready])
  // once the panels answer.
  withTexts(ERRORS);
  withTexts(PANELS);
  const [{ bindPanels }] = await Promise.all([import("./ui/panels.js"), load(language())]);
  panels = bindPanels(controller, { prefs, save: savePrefs, note, studio, host });
  document.body.dataset.ready = "true";
  const later = window.requestIdleCallback ?? ((task) => setTimeout(task, 200));
  later(() => import("./embed/dialog.js").catch((error) => console.error("embed dialog:", error)));
  later(() => import("./worker/client.js")
    .then(({ warmEngine }) => warmEngine())
    .catch((error) => console.error("engine warm-up:", error))
    .finally(() => later(keepOffline)));
}

start().catch((error) => {
  const loading = $("loading");
  if (loading) loading.textContent = t("loading.failed", { message: error.message });
  console.error(error);
});
