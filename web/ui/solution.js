// The solver's answer as a tree of buttons, built from the facade's solve JSON (crates/grolman-wasm
// src/engine.rs, one object per twin): keys with `!`, threats, defences with the attacker's
// answers, tries with `?` and their refutations ("but 1...Rd1!"), set play, play after the key,
// helpmate and series lines, short solutions; every twin under its own heading. Whatever part a
// twin has is drawn; a part it lacks is left out, so parts the solver adds later show up once
// they are listed in PARTS. Every move is a button carrying its path from the twin's position:
// turn codes, with PASS where the other side passes (a threat, set play).
// The publication text is the solver's own layout (the facade's `lines`: each line's parts as
// data), its words and verdict in the reader's language and its moves in English letters, the
// language's or figurines; the tree shows moves in the reader's letters.

import { Game, passFen } from "../../pkg/grolman.js";
import { errorText } from "../i18n/error-text.js";
import { PANELS, plural, t, withTexts } from "../i18n/index.js";
import { ENGLISH, pieceLetters, shown } from "../i18n/notation.js";

// Its texts are the catalog's panels part (whoever loads a language from now on brings it).
withTexts(PANELS);

/** The other side passes here: the next move is played on `passFen` of the position. */
export const PASS = null;

/** A solution's turn in a path: a pass (`Option NullMoves`, the facade's `pass`) is a PASS. */
const step = (turn) => (turn.pass ? PASS : turn.code);

/**
 * Where a move of the tree is played: `{ fen, moves }`, the position after the path's last pass
 * (the twin's own when there is none) and the turn codes from there. Throws the rules' message.
 */
export function lineOf(twin, path) {
  let fen = twin.fen;
  let moves = [];
  for (const code of path) {
    if (code !== PASS) {
      moves.push(code);
      continue;
    }
    // A twin without a side's king (Option NoWk / NoBk) is opened with the sides its report names.
    const game = new Game(twin.variant, fen, twin.kingless);
    try {
      for (const m of moves) game.play(m);
      fen = passFen(game.fen(), twin.kingless);
    } finally {
      game.free?.();
    }
    moves = [];
  }
  return { fen, moves };
}

const make = (tag, attributes = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
};

/** Draws one twin's tree into a new element. `onMove(path, button)` hears a move button. */
export function twinTree(twin, twinIndex, onMove) {
  const section = make("section", { class: "twin", "data-twin": String(twinIndex) });
  const heading = make("h3", { class: "twin-heading" });
  const start = moveButton([twin.label, changesText(twin.changes ?? [])].filter(Boolean).join(" ") || t("solution.diagram"), [], "diagram");
  heading.append(start, make("span", { class: "twin-stipulation" }, ` ${twin.stipulation ?? ""}`));
  section.append(heading);
  if (twin.illegal) {
    section.append(make("p", { class: "twin-illegal" }, t("solution.illegal", { reason: errorText(twin.illegalError ?? twin.illegal) })));
    return wire(section, onMove);
  }
  if (!twin.keys && !twin.help) {
    // A solver without the tree: its text, unclickable.
    section.append(make("pre", { class: "twin-lines" }, twinText(twin)));
    return wire(section, onMove);
  }
  const list = make("ul", { class: "tree", role: "tree", "aria-label": twin.label ? t("solution.ofTwin", { twin: twin.label }) : t("solution.label") });
  for (const [title, draw] of PARTS) {
    const items = draw(twin);
    if (!items.length) continue;
    if (title) {
      const group = make("li", { class: "part", role: "treeitem", "aria-expanded": "true" });
      group.append(make("span", { class: "part-title" }, t(title)));
      const inner = make("ul", { role: "group" });
      inner.append(...items);
      group.append(inner);
      list.append(group);
    } else list.append(...items);
  }
  if (!list.childElementCount) list.append(make("li", { class: "none" }, t("solution.none")));
  section.append(list);
  return wire(section, onMove);
}

/** The parts of a twin's report in the order of print: title's key (null = none) and how to
 *  draw it. */
const PARTS = [
  ["solution.setPlay", (twin) => [...(twin.setPlay ?? []).map((d) => defence(d, [PASS], 1)), ...(twin.setHelp ?? []).map((l) => line(l, [PASS]))]],
  ["solution.short", (twin) => (twin.short ?? []).map((l) => line(l, []))],
  [null, (twin) => (twin.help ?? []).map((l) => line(l, []))],
  [null, (twin) => (twin.keys ?? []).map((k) => attack(k, [], 1, "!"))],
  ["solution.tries", (twin) => (twin.tries ?? []).map((x) => attack(x.attack, [], 1, "?", x.refutations))],
  ["solution.afterKey", (twin) => [
    ...(twin.postKey ?? []).map((d) => defence(d, [], 1)),
    ...(twin.postKeyRefutations ?? []).map((r) => refutation(r, [], 1)),
  ]],
];

/** A move's button, its notation (`number.notation`) in the reader's letters. */
function moveButton(text, path, kind) {
  const b = make("button", { type: "button", class: `move ${kind}`, "data-path": JSON.stringify(path) }, kind === "diagram" ? text : shown(text));
  return b;
}

function item(...children) {
  const li = make("li", { role: "treeitem" });
  li.append(...children);
  return li;
}

/** An attacker's turn numbered `n` (a key "!", a try "?", an answer ""), with what follows it. */
function attack(a, before, n, mark, refutations = []) {
  const path = [...before, step(a.turn)];
  const li = item(moveButton(`${n}.${a.turn.notation}${mark}`, path, mark === "!" ? "key" : mark === "?" ? "try" : "answer"));
  if (a.threats?.length) {
    li.append(make("span", { class: "word" }, ` ${t("solution.threat")} `));
    a.threats.forEach((threat, i) => {
      if (i) li.append(", ");
      li.append(moveButton(`${n + 1}.${threat.turn.notation}`, [...path, PASS, step(threat.turn)], "threat"));
    });
  } else if (a.zugzwang) li.append(make("span", { class: "word" }, ` (${t("solution.zugzwang")})`));
  const below = [...(a.defences ?? []).map((d) => defence(d, path, n)), ...refutations.map((r) => refutation(r, path, n))];
  if (below.length) {
    const group = make("ul", { role: "group" });
    group.append(...below);
    li.append(group);
  }
  return li;
}

/** A defence after attacker turn `n`, with the answers: on its line when they end the play. */
function defence(d, before, n) {
  const path = [...before, step(d.turn)];
  const li = item(moveButton(`${n}...${d.turn.notation}`, path, "defence"));
  const answers = d.answers ?? [];
  const last = answers.every((a) => !(a.defences?.length) && !(a.threats?.length));
  if (last) {
    answers.forEach((a, i) => {
      li.append(i ? ", " : " ");
      li.append(moveButton(`${n + 1}.${a.turn.notation}`, [...path, step(a.turn)], "answer"));
    });
  } else {
    const group = make("ul", { role: "group" });
    group.append(...answers.map((a) => attack(a, path, n + 1, "")));
    li.append(group);
  }
  return li;
}

function refutation(r, before, n) {
  const li = item(make("span", { class: "word" }, `${t("solution.but")} `), moveButton(`${n}...${r.notation}!`, [...before, step(r)], "refutation"));
  li.classList.add("refuted");
  return li;
}

/** A helpmate or series line, numbered as the solver writes it (`aloneFirst`, `series`). */
function line(l, before) {
  const li = item();
  li.classList.add("line");
  let n = 1;
  let white = !l.aloneFirst;
  const path = [...before];
  l.turns.forEach((turn, i) => {
    path.push(step(turn));
    let label;
    if (l.series) label = l.lastApart && i === l.turns.length - 1 ? turn.notation : `${i + 1}.${turn.notation}`;
    else {
      label = white ? `${n}.${turn.notation}` : i === 0 ? `${n}...${turn.notation}` : turn.notation;
      if (!white) n += 1;
      white = !white;
    }
    if (i) li.append(" ");
    li.append(moveButton(label, [...path], "line-move"));
  });
  return li;
}

/** Clicks, and the arrow keys walking the moves in reading order. */
function wire(section, onMove) {
  section.addEventListener("click", (event) => {
    const button = event.target.closest("button.move");
    if (button) onMove(JSON.parse(button.dataset.path), button);
  });
  return section;
}

/** Arrow keys over every move button of `root` (all twins): ↓ → next, ↑ ← previous, Home / End. */
export function walkWithKeys(root, onMove) {
  root.addEventListener("keydown", (event) => {
    const current = event.target.closest?.("button.move");
    if (!current) return;
    const buttons = [...root.querySelectorAll("button.move")];
    const at = buttons.indexOf(current);
    const to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
    next.focus();
    onMove(JSON.parse(next.dataset.path), next);
  });
}

/** The publication text of a solve: per twin its heading, the solver's lines and its verdict,
 *  in the current language; the moves with `letters` (five, king first: English, the
 *  language's or figurines). */
export function solutionText(problems, { letters = ENGLISH } = {}) {
  const blocks = [];
  for (const problem of problems) {
    if (problem.title) blocks.push(problem.title);
    for (const twin of problem.twins) blocks.push(twinText(twin, letters));
  }
  return blocks.join("\n\n");
}

const ROLES = ["king", "queen", "rook", "bishop", "knight"];

/** How a twin differs from the diagram (the facade's `changes`), in the current language, its
 *  units with `letters` (five, king first); in English as the solver writes it (Popeye's words). */
export function changesText(changes, letters = pieceLetters()) {
  const piece = (role) => (role === "pawn" ? (letters === ENGLISH ? "P" : t("twin.pawn")) : letters.split(" ")[ROLES.indexOf(role)]);
  const one = (c) => {
    switch (c.kind) {
      case "add":
        return c.units.map((u) => t("twin.add", { color: t(`twin.${u.color}`), piece: piece(u.role), square: u.square })).join(" ");
      case "substitute":
        return t("twin.substitute", { from: piece(c.from), to: piece(c.to) });
      case "condition":
        return t("twin.condition", { variant: t(`variant.${c.variant}`) });
      default:
        return t(`twin.${c.kind}`, c);
    }
  };
  return changes.map(one).join(", ");
}

/** Whether a twin's verdict counts solutions (helpmates, series) rather than keys: the facade's
 *  verdict part says. */
export const countsSolutions = (twin) => twin.lines.some((line) => line.parts.some((p) => p.verdict?.help));

/** One twin's text: the facade's lines, indented three spaces a level, parts a space apart. */
function twinText(twin, letters = undefined) {
  const part = (p) => {
    if (p.text !== undefined) return p.text;
    if (p.twin !== undefined) return [p.twin.label, changesText(p.twin.changes, letters)].filter(Boolean).join(" ");
    if (p.setting !== undefined) {
      const { variant, stipulation, fen } = p.setting;
      return t("publication.setting", { variant: t(`publication.variant.${variant}`), stipulation, fen });
    }
    if (p.moves !== undefined) return shown(p.moves, letters);
    if (p.word !== undefined) return t(`publication.${p.word}`);
    if (p.illegal !== undefined) return t("publication.illegal", { reason: errorText(twin.illegalError ?? p.illegal) });
    const { found, intended, help } = p.verdict;
    const counted = help ? "solution" : "key";
    return twin.verdict === "none" ? t("publication.none") : plural(`publication.${twin.verdict}.${counted}`, found, { intended });
  };
  return twin.lines.map((line) => "   ".repeat(line.depth) + line.parts.map(part).join(" ")).join("\n");
}
