// The move list: the tree of turns in literature notation, as lichess shows it. The main line
// in numbered rows; the side lines that branch off a main-line turn in an indented block under
// its row, deeper side lines in parentheses inline; comments after their turn. One button per
// turn, the current one marked. A long Tatarstan transformation list is shown as its counts,
// the full notation one click away. The tree comes from the wasm Game (`tree()`).
import { summarised, turnText } from "../cascade/summary.js";
import { t } from "../i18n/index.js";
import { shown } from "../i18n/notation.js";

const GLYPHS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

export class MoveList {
  /** @param {HTMLOListElement} host  @param {(node: number) => void} onPick
   *  @param {{scroll?: boolean}} options  scroll: keep the current turn in view (the
   *         playground's list scrolls; a <grolman-board>'s does not, and must never scroll
   *         its page to itself) */
  constructor(host, onPick, { scroll = true } = {}) {
    this.host = host;
    this.scroll = scroll;
    host.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-node]");
      if (button) onPick(Number(button.dataset.node));
    });
  }

  /** @param {{current: number, nodes: object[]}} tree  the wasm Game's `tree()` */
  render(tree) {
    const { nodes, current } = tree;
    const rows = [];
    let row = null;
    let at = nodes[0];
    if (at.note.comment) rows.push(commentRow(at.note.comment));
    while (at.children.length) {
      const [main, ...sides] = at.children.map((id) => nodes[id]);
      const turn = main.turn;
      const black = turn.color === "black";
      if (!row || !black) {
        row = document.createElement("li");
        row.value = turn.moveNumber;
        row.className = "move-row";
        const label = document.createElement("span");
        label.className = "move-number";
        label.textContent = `${turn.moveNumber}.`;
        row.append(label);
        if (black) row.append(placeholder());
        rows.push(row);
      }
      row.append(turnButton(main, current));
      if (summarised(turn)) row.append(fullNotation(shown(turn.notation)));
      if (turn.notation.length > 24) row.classList.add("long");
      // Side lines and comments interrupt the main line's rows, as on lichess.
      if (sides.length) {
        const block = document.createElement("li");
        block.className = "side-lines";
        for (const side of sides) {
          const line = document.createElement("div");
          line.className = "side-line";
          line.append(...lineOf(nodes, side, current));
          block.append(line);
        }
        rows.push(block);
      }
      if (main.note.comment) rows.push(commentRow(main.note.comment));
      if (sides.length || main.note.comment) row = null;
      at = main;
    }
    this.host.replaceChildren(...rows);
    this.host.dataset.empty = nodes.length > 1 ? "false" : "true";
    // The empty list's note is the CSS ::before of this attribute, so it needs no element.
    this.host.dataset.emptyText = t("moves.empty");
    // At the next frame, when the page lays itself out anyway: scrolling now forced a layout
    // in the middle of building the page (the largest piece of a reload's work before the
    // board was playable).
    if (this.scroll && !this.scrolling) {
      this.scrolling = requestAnimationFrame(() => {
        this.scrolling = 0;
        this.host.querySelector("[aria-current]")?.scrollIntoView({ block: "nearest" });
      });
    }
  }
}

/** A side line from `first` on, inline: its turns, their comments, deeper lines in brackets
 *  after the turn they are an alternative to (as PGN writes them). */
function lineOf(nodes, first, current) {
  const parts = turnParts(first, current, true);
  let numbered = Boolean(first.note.comment);
  let at = first;
  while (at.children.length) {
    const [main, ...sides] = at.children.map((id) => nodes[id]);
    parts.push(...turnParts(main, current, numbered));
    for (const side of sides) {
      const nested = document.createElement("span");
      nested.className = "nested-line";
      nested.append("(", ...lineOf(nodes, side, current), ")");
      parts.push(nested);
    }
    numbered = sides.length > 0 || Boolean(main.note.comment);
    at = main;
  }
  return parts;
}

/** A turn in a side line: its number (always for White, for Black when `numbered`), its
 *  button and its comment. */
function turnParts(node, current, numbered) {
  const parts = [];
  const turn = node.turn;
  if (turn.color === "white" || numbered) {
    const label = document.createElement("span");
    label.className = "move-number";
    label.textContent = turn.color === "white" ? `${turn.moveNumber}.` : `${turn.moveNumber}…`;
    parts.push(label);
  }
  parts.push(turnButton(node, current));
  if (node.note.comment) parts.push(inlineComment(node.note.comment));
  return parts;
}

function turnButton(node, current) {
  const turn = node.turn;
  const button = document.createElement("button");
  button.type = "button";
  button.className = `turn ${turn.color}`;
  button.dataset.node = String(node.id);
  button.dataset.code = turn.code;
  button.dataset.notation = turn.notation;
  const glyphs = node.note.nags.map((n) => GLYPHS[n] ?? "").join("");
  button.textContent = turnText(turn) + glyphs;
  if (node.id === current) button.setAttribute("aria-current", "step");
  return button;
}

function commentRow(text) {
  const row = document.createElement("li");
  row.className = "comment-row";
  row.append(inlineComment(text));
  return row;
}

function inlineComment(text) {
  const span = document.createElement("span");
  span.className = "comment";
  span.textContent = text;
  return span;
}

function placeholder() {
  const span = document.createElement("span");
  span.className = "turn placeholder";
  span.textContent = "…";
  return span;
}

/** The whole notation of a summarised turn, folded. */
function fullNotation(notation) {
  const details = document.createElement("details");
  details.className = "full-notation";
  const summary = document.createElement("summary");
  summary.textContent = t("moves.everyTransformation");
  const text = document.createElement("span");
  text.textContent = notation;
  details.append(summary, text);
  return details;
}
