// learn.html: the lessons of web/learn/lessons.json, each with <grolman-board> replay boards
// and its claims (each checked by crates/grolman-diagram/tests/lessons.rs), every claim with
// its position on a small board that opens on demand. lessons.json holds what is
// language-free; the words are the chosen language's (web/i18n/<code>/lessons.js, keyed by the
// lesson's id and each board's and claim's own id; paragraphs by their place). Projector mode (web/ui/projector.js, the
// playground's) shows one lesson board as large as the screen allows; the clicker steps through
// its cascade and on into the next board, the arrow keys through the board shown. All text goes in as text; the boards get their
// settings as attributes.
import init from "../../pkg/grolman.js";
import { openGame, variantList, variantName } from "../game/open.js";
import { Projector } from "../ui/projector.js";
import { onLanguageChange, t, withTexts } from "../i18n/index.js";
import { choosePageLanguage } from "../i18n/page.js";
import { startLanguage } from "../i18n/choice.js";
import "../embed/grolman-board.js";
import { keepOffline } from "../offline.js";

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

/** The FEN after `moves` from `fen`, as the rules play them. */
function positionAfter(variant, fen, moves) {
  const game = openGame(variant, fen);
  for (const code of moves) game.play(code);
  const after = game.fen();
  game.free?.();
  return after;
}

/** The board of one claim: the claimed turn replayed from the position it is played in, or
 *  (a turn that is illegal, a count, a check) the position the claim is about. */
function claimBoard(claim, variant) {
  const moves = claim.moves ?? [];
  const attributes = claim.code
    ? { variant, mode: "replay", fen: positionAfter(variant, claim.fen, moves), moves: claim.code }
    : { variant, mode: "diagram", fen: claim.fen ?? "", moves: moves.join(" ") };
  return make("grolman-board", attributes);
}

let claimCount = 0;

function claimItem(claim, lessonVariant, say) {
  const item = make("li");
  const variant = claim.variant ?? lessonVariant;
  const moves = [...(claim.moves ?? []), ...(claim.code ? [claim.code] : [])];
  item.append(make("span", { class: "say" }, say), " ",
              make("a", { href: playgroundLink(variant, claim.fen, moves) }, t("lesson.try-it")));
  // The board is made on first opening: forty boards at once would slow the page down.
  const id = `claim-board-${(claimCount += 1)}`;
  const toggle = make("button", { type: "button", class: "show-position", "aria-expanded": "false", "aria-controls": id }, t("lesson.show-position"));
  const holder = make("div", { class: "claim-board", id, hidden: "" });
  toggle.addEventListener("click", () => {
    const open = holder.hidden;
    if (open && !holder.firstChild) holder.append(claimBoard(claim, variant));
    holder.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = t(open ? "lesson.hide-position" : "lesson.show-position");
  });
  item.append(" ", toggle, holder);
  return item;
}

/** @param {Map<string, string>} names  variant -> display name (wasm `variants()`) */
function lessonSection(lesson, names) {
  const section = make("section", { class: "lesson", id: lesson.id, "aria-labelledby": `${lesson.id}-title` });
  const say = (part) => t(`lesson.${lesson.id}.${part}`);
  const heading = make("h2", { id: `${lesson.id}-title` }, say("title"));
  heading.append(make("span", { class: "variant" }, names.get(lesson.variant)));
  section.append(heading);
  for (let n = 1; n <= lesson.paragraphs; n += 1) section.append(make("p", {}, say(`text.${n}`)));
  const boards = make("div", { class: "boards" });
  for (const board of lesson.boards) {
    const figure = make("figure");
    figure.append(make("figcaption", {}, say(`board.${board.id}`)));
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
  const claims = make("ul", { class: "claims", "aria-label": t("lesson.claims-label") });
  for (const claim of lesson.claims) claims.append(claimItem(claim, lesson.variant, say(`claim.${claim.id}`)));
  section.append(claims);
  return section;
}

/** Projector mode's walk over the lesson boards: the shown board's steps, then the next board
 *  from its start (Page Down), or the board before at its end (Page Up). */
class BoardWalk {
  constructor() {
    this.current = null;
    // The board last used is the one the projector shows.
    document.addEventListener("pointerdown", (event) => this.use(event.target), { capture: true });
    document.addEventListener("focusin", (event) => this.use(event.target));
  }

  get boards() {
    return [...document.querySelectorAll(".boards grolman-board")];
  }

  use(target) {
    const board = target.closest?.(".boards grolman-board");
    if (board) this.show(board);
  }

  /** The board nearest the top of the window, unless one was used. */
  pick() {
    if (this.current) return this.current;
    const boards = this.boards;
    return boards.find((b) => b.getBoundingClientRect().bottom > 0) ?? boards[0];
  }

  show(board) {
    if (!board || board === this.current) return;
    for (const old of document.querySelectorAll(".lesson.current, .boards figure.current")) old.classList.remove("current");
    this.current = board;
    board.closest("figure").classList.add("current");
    board.closest(".lesson").classList.add("current");
  }

  forward() {
    if (!this.current || this.current.forward()) return;
    const boards = this.boards;
    const next = boards[boards.indexOf(this.current) + 1];
    if (!next) return;
    this.show(next);
    next.toStart();
  }

  back() {
    if (!this.current || this.current.back()) return;
    const boards = this.boards;
    const previous = boards[boards.indexOf(this.current) - 1];
    if (!previous) return;
    this.show(previous);
    previous.toEnd();
  }
}

function bindProjector() {
  const walk = new BoardWalk();
  const projector = new Projector(walk, {
    toggle: $("projector"),
    blank: $("blank"),
    onToggle: (on) => {
      walk.show(walk.pick());
      // After the page has changed: the top of the projector's page, or back to the lesson.
      requestAnimationFrame(() => (on ? scrollTo(0, 0) : walk.current?.closest(".lesson").scrollIntoView()));
    },
  });
  // In projector mode the arrow keys step the board shown, as they do when it has the focus
  // (a board with the focus takes its own keys: its squares, its turn list).
  const arrows = { ArrowRight: () => walk.current?.forward(), ArrowLeft: () => walk.current?.back() };
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, textarea, select")) return;
    const inBoard = event.target.closest?.("grolman-board");
    const action = projector.keys()[event.key] ?? (projector.on && !inBoard ? arrows[event.key] : undefined);
    if (!action) return;
    event.preventDefault();
    action();
  });
}

async function start() {
  const main = $("lessons");
  // The lessons' words are this page's part of each catalog: the playground never loads them.
  withTexts({
    en: () => import("../i18n/en/lessons.js"),
    ru: () => import("../i18n/ru/lessons.js"),
    es: () => import("../i18n/es/lessons.js"),
    de: () => import("../i18n/de/lessons.js"),
  });
  try {
    const response = await fetch(new URL("./lessons.json", import.meta.url));
    if (!response.ok) throw new Error(`lessons.json: HTTP ${response.status}`);
    const { lessons } = await response.json();
    await Promise.all([init(), choosePageLanguage(startLanguage(), { remember: false })]);
    document.title = t("learn.title");
    const names = new Map(variantList().map((v) => [v.name, variantName(v.name)]));
    const show = () => {
      main.replaceChildren(...lessons.map((lesson) => lessonSection(lesson, names)));
      $("toc").replaceChildren(...lessons.map((lesson) => {
        const item = make("li");
        item.append(make("a", { href: `#${lesson.id}` }, t(`lesson.${lesson.id}.title`).replace(/^\d+\.\s*/, "")));
        return item;
      }));
    };
    show();
    onLanguageChange(show);
    bindProjector();
    // A lesson named in the link is scrolled to once the boards above it have their height.
    await Promise.all([...main.querySelectorAll("grolman-board")].map((board) => board.rendered));
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  } catch (error) {
    main.replaceChildren(make("p", { class: "error", role: "alert" }, t("lesson.load-failed", { reason: error.message })));
  }
  main.setAttribute("aria-busy", "false");
  document.body.dataset.ready = "true";
  keepOffline();
}

start();
