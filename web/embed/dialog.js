// The playground's "Embed…" dialog: the <grolman-board> snippet and the iframe snippet for the
// current position or game, a live preview, and the diagram as SVG or PNG, in colour or in black
// and white. It installs itself (a button in the Share section, the dialog at the end of the
// page) and reads the game from the page's controller (window.grolman), else from the URL
// fragment and the FEN box. The element's snippet points at the folder `make dist` writes,
// copied to the composer's own site: the playground's own server is not for other sites.
import { readFragment } from "../game/url.js";
import "./grolman-board.js";
import { diagramAlt, fileName, pngBlob, save, svgBlob } from "./export.js";
import { extras } from "../extras.js";
import { variantInfo, variantName } from "../game/open.js";
import { onLanguageChange, t } from "../i18n/index.js";
import { errorText } from "../i18n/error-text.js";

/** Where the element is once dist/grolman-embed/ is copied to the root of a site. */
export const SCRIPT_URL = "/grolman-embed/build/site/grolman-board.js";
const EMBED_URL = new URL("../../embed.html", import.meta.url).href;
const CAPTION = ["title", "author", "source", "stipulation"];

const make = (tag, attributes = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
};

/** Text safe inside a double-quoted HTML attribute of a snippet. */
export const attribute = (text) =>
  String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The game as the page has it: variant, start FEN ("" = standard), turn codes, current FEN,
 *  and its PGN with side lines, comments and drawings (the playground's export). */
async function currentGame() {
  const controller = window.grolman?.controller;
  if (controller?.game) {
    const { variant, fen, moves } = controller.description();
    return { variant, startFen: fen ?? "", moves, fen: controller.game.fen(), pgn: await controller.exportPgn() };
  }
  const fromUrl = readFragment(location.hash) ?? { variant: "grolman", fen: null, moves: [] };
  return { variant: fromUrl.variant ?? "grolman", startFen: fromUrl.fen ?? "", moves: fromUrl.moves,
           fen: document.getElementById("fen")?.value ?? "" };
}

/** The settings of the board to embed: what = "position" | "game" | "study" | "play" | "solve". */
export function embedSettings(game, what, caption) {
  let settings;
  if (what === "study" && game.pgn) {
    // The PGN names the variant and the start itself, and holds the side lines, comments and drawings.
    settings = { mode: "replay", pgn: game.pgn };
  } else if (what === "game" || what === "study") {
    settings = { variant: game.variant };
    if (game.startFen) settings.fen = game.startFen;
    if (game.moves.length) settings.moves = game.moves.join(" ");
    settings.mode = "replay";
  } else {
    settings = { variant: game.variant, fen: game.fen, mode: what === "play" || what === "solve" ? what : "diagram" };
  }
  for (const name of CAPTION) if (caption[name]) settings[name] = caption[name];
  return settings;
}

/** The element's snippet. A PGN goes into a child script, where it reads as written (in the
 *  attribute only if a comment holds "</script", which would close that script early). */
export function elementSnippet(settings) {
  const { pgn, ...rest } = settings;
  const inScript = pgn && !/<\/script/i.test(pgn);
  const shown = inScript ? rest : settings;
  const attributes = Object.entries(shown).map(([name, value]) => ` ${name}="${attribute(value)}"`).join("");
  const body = inScript ? `\n  <script type="application/x-chess-pgn">\n${pgn.trim()}\n  </script>\n` : "";
  return `<script type="module" src="${attribute(SCRIPT_URL)}"></script>\n<grolman-board${attributes}>${body}</grolman-board>`;
}

export function iframeSnippet(settings) {
  const src = `${EMBED_URL}?${new URLSearchParams(settings)}`;
  const height = settings.mode === "diagram" ? 520 : 640;
  return `<iframe src="${attribute(src)}" width="380" height="${height}" title="${attribute(settings.title ?? t("embed.iframeTitle"))}"></iframe>`;
}

/** `text` with its `{name}` placeholders as <code> elements of `codes[name]`. */
const withCode = (text, codes) =>
  text.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? make("code", {}, codes[part]) : part));

function install() {
  const share = document.querySelector(".share");
  if (!share || document.getElementById("embed-open")) return;
  if (!document.querySelector("link[data-embed-dialog]")) {
    document.head.append(make("link", { rel: "stylesheet", href: new URL("./dialog.css", import.meta.url).href, "data-embed-dialog": "" }));
  }
  const open = make("button", { type: "button", id: "embed-open" }, t("embed.open"));
  share.insertBefore(open, share.querySelector(".note") ?? null);

  const dialog = make("dialog", { id: "embed-dialog", "aria-labelledby": "embed-title" });
  const form = make("form", { method: "dialog", class: "embed-form" });
  form.append(make("h2", { id: "embed-title" }, t("embed.title")));
  const choice = make("fieldset");
  choice.append(make("legend", {}, t("embed.show")));
  for (const value of ["position", "game", "study", "play", "solve"]) {
    const label = t(`embed.show.${value}`);
    const wrap = make("label");
    const radio = make("input", { type: "radio", name: "embed-what", value });
    if (value === "position") radio.checked = true;
    wrap.append(radio, ` ${label}`);
    choice.append(wrap);
  }
  const fields = make("fieldset", { class: "embed-caption" });
  fields.append(make("legend", {}, t("embed.caption")));
  const inputs = {};
  for (const name of CAPTION) {
    const wrap = make("label", {}, `${t(`embed.caption.${name}`)} `);
    inputs[name] = make("input", { name: `embed-${name}`, spellcheck: "false", autocomplete: "off",
      placeholder: name === "stipulation" ? "#2" : t(`embed.placeholder.${name}`) });
    wrap.append(inputs[name]);
    fields.append(wrap);
  }
  const code = (id, label) => {
    const wrap = make("label", { class: "snippet" }, label);
    const area = make("textarea", { id, rows: "4", readonly: "", spellcheck: "false" });
    const copy = make("button", { type: "button" }, t("pgn.copy"));
    copy.addEventListener("click", async () => {
      area.select();
      try {
        await navigator.clipboard.writeText(area.value);
        copy.textContent = t("solution.copied");
      } catch {
        copy.textContent = t("embed.selectCopy");
      }
      setTimeout(() => { copy.textContent = t("pgn.copy"); }, 2000);
    });
    wrap.append(area, copy);
    return { wrap, area };
  };
  const element = code("embed-element", t("embed.element"));
  const where = make("p", { class: "embed-where", id: "embed-where" });
  where.append(...withCode(t("embed.where"), { command: "make dist", folder: "dist/grolman-embed/" }));
  element.wrap.append(where);
  const iframe = code("embed-iframe", t("embed.iframe"));
  const preview = make("div", { class: "embed-preview", "aria-label": t("embed.preview") });
  const buttons = make("div", { class: "buttons" });
  const styleLabel = make("label", {}, `${t("solution.diagram")} `);
  const style = make("select", { id: "embed-style" });
  style.append(make("option", { value: "colour" }, t("embed.colour")), make("option", { value: "black-and-white" }, t("embed.blackWhite")));
  styleLabel.append(style);
  const svgButton = make("button", { type: "button", id: "embed-svg" }, t("element.downloadSvg"));
  const pngButton = make("button", { type: "button", id: "embed-png" }, t("element.downloadPng"));
  const close = make("button", { type: "submit", id: "embed-close" }, t("close"));
  buttons.append(styleLabel, svgButton, pngButton, close);
  const note = make("p", { class: "inline-error", role: "alert" });
  const columns = make("div", { class: "embed-columns" });
  const left = make("div");
  left.append(choice, fields, element.wrap, iframe.wrap);
  columns.append(left, preview);
  form.append(columns, note, buttons);
  dialog.append(form);
  document.body.append(dialog);

  let game = null;
  const caption = () => Object.fromEntries(CAPTION.map((n) => [n, inputs[n].value.trim()]).filter(([, v]) => v));
  const what = () => form.querySelector('input[name="embed-what"]:checked').value;
  const condition = () => (variantInfo(game.variant)?.condition ? variantName(game.variant) : undefined);
  const update = () => {
    const settings = embedSettings(game, what(), caption());
    element.area.value = elementSnippet(settings);
    iframe.area.value = iframeSnippet(settings);
    const board = preview.querySelector("grolman-board") ?? preview.appendChild(make("grolman-board"));
    for (const name of ["variant", "fen", "moves", "pgn", ...CAPTION]) if (!(name in settings)) board.removeAttribute(name);
    for (const [name, value] of Object.entries(settings)) board.setAttribute(name, value);
  };
  const diagram = async () => (await extras()).diagramSvg(game.fen, { ...caption(), ...diagramAlt(game.fen), condition: condition(),
    style: style.value, flip: window.grolman?.board?.state.orientation === "black" });
  form.addEventListener("input", update);
  open.addEventListener("click", async () => {
    game = await currentGame();
    note.textContent = "";
    update();
    dialog.showModal();
  });
  svgButton.addEventListener("click", async () => {
    try {
      save(svgBlob(await diagram()), fileName(caption(), game.fen, "svg"));
    } catch (error) {
      note.textContent = errorText(error);
    }
  });
  pngButton.addEventListener("click", async () => {
    try {
      save(await pngBlob(await diagram()), fileName(caption(), game.fen, "png"));
    } catch (error) {
      note.textContent = errorText(error);
    }
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", install);
else install();
// Another language: the dialog and its button are built again in it (a dialog left open closes).
onLanguageChange(() => {
  document.getElementById("embed-dialog")?.remove();
  document.getElementById("embed-open")?.remove();
  install();
});
