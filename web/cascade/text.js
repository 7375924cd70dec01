// The sentences of the cascade steps, in the reader's language (web/i18n). Words only: every
// fact comes from the turn's events as the rules crate reported them. Each language's catalog
// holds whole sentences with placeholders, and the words for the kinds in the forms its grammar
// needs there (English "a knight", Russian "коня", German "einen Springer" after "into").
import { plural, t } from "../i18n/index.js";
import { labelLetterOf, letterOf, shown } from "../i18n/notation.js";
import { turnText } from "./summary.js";

export const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "White" / "белые": a side, as the subject of a sentence. */
export const side = (color) => t(`side.${color}`);

/** "Ng1", "the f2 pawn"; `object` for a unit that is defended (German "den Bauern f2"). */
export function unit(role, square, { object = false } = {}) {
  if (role !== "pawn") return `${letterOf(role)}${square}`;
  return t(object ? "unit.pawn.object" : "unit.pawn", { square });
}

/** "Ng1-e2", "f2-f3", "b7-b8=Q" */
export function step(role, from, to, promotion) {
  return `${letterOf(role)}${from}-${to}${promotion ? `=${letterOf(promotion)}` : ""}`;
}

/** ["a", "b", "c"] -> "a, b and c" */
export function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${t("list.and")} ${items[items.length - 1]}`;
}

/** "two knights": a number in words where the language writes small numbers so. */
const count = (n, role) => plural(`count.${role}`, n, { number: t("numbers").split(" ")[n] || String(n) });

export function leadSentence(lead, san, color) {
  const notation = shown(san);
  const parts = lead.castle
    ? [t("cascade.lead.castles", { side: side(color), san: notation, kingFrom: lead.from, kingTo: lead.to,
                                    rookFrom: lead.castle.rookFrom, rookTo: lead.castle.rookTo })]
    : [t("cascade.lead", { side: side(color), san: notation, move: step(lead.piece.role, lead.from, lead.to, lead.promotion) })];
  if (lead.capture) {
    const { piece, square } = lead.capture;
    parts.push(t(lead.enPassant ? "cascade.lead.takesEnPassant" : "cascade.lead.takes",
                 { piece: t(`taken.${piece.color}.${piece.role}`), square }));
  }
  if (lead.promotion) parts.push(t("cascade.lead.promotes", { kind: t(`kind.${lead.promotion}.into`) }));
  return capitalize(`${parts.join(", ")}.`);
}

/** The candidates part, shared by the candidates step and the follow step after it. */
export function candidatesClause(event) {
  const squares = list(event.vacated);
  const how = event.vacated.length === 1 ? "one" : "two";
  if (event.units.length === 0) return t(`cascade.nobody.${how}`, { squares });
  const twoSquares = event.vacated.length > 1;
  const names = event.units.map((u) => (twoSquares ? t("cascade.unitTo", { unit: unit(u.role, u.square), square: u.to }) : unit(u.role, u.square)));
  if (event.units.length === 1) return t(`cascade.only.${how}`, { squares, unit: names[0] });
  return t(`cascade.several.${how}`, { squares, units: list(names) });
}

/** How many units of the weakest kind tie: units on one square count once. */
const tying = (candidates, role) => new Set(candidates.units.filter((u) => u.role === role).map((u) => u.square)).size;

export function candidatesSentence(event) {
  let text = candidatesClause(event);
  if (event.units.length > 1 && event.weakest) {
    const ties = tying(event, event.weakest);
    text += `; ${ties > 1
      ? t("cascade.tie", { units: count(ties, event.weakest) })
      : t("cascade.weakest", { kind: t(`kind.${event.weakest}`) })}`;
  }
  return `${text}.`;
}

export function followSentence(candidates, follow, color) {
  const move = step(follow.piece.role, follow.from, follow.to, follow.promotion);
  const promoted = follow.promotion ? t("cascade.follow.promotes", { kind: t(`kind.${follow.promotion}.into`) }) : "";
  const clause = candidates ? candidatesClause(candidates) : t("cascade.empty", { square: follow.to });
  const role = follow.piece.role;
  let text;
  if (follow.reason === "only") {
    text = t("cascade.follow.only", { clause, move, promoted });
  } else if (follow.reason === "choice") {
    const ties = candidates ? tying(candidates, role) : 2;
    const which = ties > 1 ? t("cascade.tie", { units: count(ties, role) }) : t("cascade.either", { kind: t(`kind.${role}`) });
    text = t("cascade.follow.chose", { clause, which, side: side(color), move, promoted });
  } else {
    text = t("cascade.follow.weakest", { clause, kind: t(`kind.${role}`), move, promoted });
  }
  return text;
}

/** One wave of one Tatarstan stage: every transform event in it. */
export function waveSentence(stage, wave, transforms) {
  const byDefender = new Map();
  for (const tr of transforms) {
    if (!byDefender.has(tr.defender)) byDefender.set(tr.defender, []);
    byDefender.get(tr.defender).push(unit(tr.from, tr.square, { object: true }));
  }
  const defences = [...byDefender].map(([defender, units]) => t("cascade.defends", { defender: unit(stage, defender), units: list(units) }));
  const many = transforms.length === 1 ? "one" : "many";
  let text = t(`cascade.wave.${many}`, {
    stage: t(`stage.${stage}`), wave, defences: defences.join("; "), kind: t(`kind.${stage}.${many === "one" ? "into" : "intoMany"}`),
  });
  for (const tr of transforms.filter((x) => x.promotion)) {
    text += t("cascade.wave.promotes", { square: tr.square, side: side(tr.color), kind: t(`kind.${tr.promotion}.into`), letter: letterOf(tr.promotion) });
  }
  return capitalize(`${text}.`);
}

/** "B→N", "N→P=R" */
export function changeLabel(tr) {
  return `${labelLetterOf(tr.from)}→${labelLetterOf(tr.to)}${tr.promotion ? `=${letterOf(tr.promotion)}` : ""}`;
}

export function lapsedSentence(event) {
  if (event.right === "castling") return capitalize(t(`cascade.lapsed.${event.side === "king" ? "king" : "queen"}`, { side: side(event.color) }));
  return t("cascade.lapsed.enPassant", { square: event.square });
}

/** How a game ended, from the facade's outcome or status (`state`, and `result` for the winner). */
export function outcomeText({ state, result }) {
  if (state === "checkmate") return t(result === "0-1" ? "outcome.checkmate.black" : "outcome.checkmate.white");
  return t(`outcome.${state}`);
}

export function endSentence(turn, nextColor, lapsed) {
  const check = turn.mate ? ` ${t("cascade.mate")}` : turn.check ? ` ${capitalize(t("cascade.check", { side: side(nextColor) }))}` : "";
  const outcome = turn.outcome && !turn.mate ? `${check} ${outcomeText(turn.outcome)}.` : check;
  const rights = lapsed.map(lapsedSentence).join(" ");
  // After a turn that ended the game (the facade's `outcome`) nobody is to move.
  const next = turn.mate || turn.outcome ? "" : ` ${capitalize(t("cascade.toMove", { side: side(nextColor) }))}`;
  return `${turnText(turn)}.${outcome}${rights ? ` ${rights}` : ""}${next}`.replace(/\s+/g, " ");
}

/** The first step: "White to play e4 (Ng1-e2, Rh1-g1)." */
export const startSentence = (turn, color) => capitalize(t("cascade.start", { side: side(color), notation: turnText(turn) }));
