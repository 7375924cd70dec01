// learn.html: the lessons of web/learn/lessons.json, each with <grolman-board> replay boards
// and its claims (each checked by crates/grolman-diagram/tests/lessons.rs). All text goes in as
// text; the boards get their settings as attributes.
import init from "../../pkg/grolman.js";
import { variantList } from "../game/open.js";
import "../embed/grolman-board.js";

const $ = (id) => document.getElementById(id);

function make(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** A link that opens the claim's position (after its moves) in the playground, and plays the
 *  claimed turn when the claim names one by its code. */
function playgroundLink(variant, fen, moves) {
  const parts = [`variant=${encodeURIComponent(variant)}`];
  if (fen) parts.push(`fen=${encodeURIComponent(fen)}`);
  for (const code of moves ?? []) parts.push(`m=${encodeURIComponent(code)}`);
  return `index.html#${parts.join("&")}`;
}

/** @param {Map<string, string>} names  variant -> display name (wasm `variants()`) */
function lessonSection(lesson, names) {
  const section = make("section", { class: "lesson", id: lesson.id, "aria-labelledby": `${lesson.id}-title` });
  const heading = make("h2", { id: `${lesson.id}-title` }, lesson.title);
  heading.append(make("span", { class: "variant" }, names.get(lesson.variant)));
  section.append(heading);
  for (const paragraph of lesson.text) section.append(make("p", {}, paragraph));
  const boards = make("div", { class: "boards" });
  for (const board of lesson.boards) {
    const figure = make("figure");
    figure.append(make("figcaption", {}, board.caption ?? ""));
    const element = make("grolman-board", {
      variant: board.variant ?? lesson.variant,
      mode: board.mode ?? "replay",
      moves: (board.moves ?? []).join(" "),
    });
    if (board.fen) element.setAttribute("fen", board.fen);
    figure.append(element);
    boards.append(figure);
  }
  section.append(boards);
  const claims = make("ul", { class: "claims", "aria-label": "What the rules say (checked by tests)" });
  for (const claim of lesson.claims) {
    const item = make("li", {}, claim.say);
    const variant = claim.variant ?? lesson.variant;
    const moves = [...(claim.moves ?? []), ...(claim.code ? [claim.code] : [])];
    item.append(make("a", { href: playgroundLink(variant, claim.fen, moves) }, "try it"));
    claims.append(item);
  }
  section.append(claims);
  return section;
}

async function start() {
  const main = $("lessons");
  try {
    const response = await fetch(new URL("./lessons.json", import.meta.url));
    if (!response.ok) throw new Error(`lessons.json: HTTP ${response.status}`);
    const { lessons } = await response.json();
    await init();
    const names = new Map(variantList().map((v) => [v.name, v.displayName]));
    main.replaceChildren(...lessons.map((lesson) => lessonSection(lesson, names)));
    $("toc").replaceChildren(...lessons.map((lesson) => {
      const item = make("li");
      item.append(make("a", { href: `#${lesson.id}` }, lesson.title.replace(/^\d+\.\s*/, "")));
      return item;
    }));
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  } catch (error) {
    main.replaceChildren(make("p", { class: "error", role: "alert" }, `The lessons could not be loaded: ${error.message}`));
  }
  main.setAttribute("aria-busy", "false");
  document.body.dataset.ready = "true";
}

start();
