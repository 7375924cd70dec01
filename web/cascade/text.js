// Plain-English sentences for the cascade steps. Words only: every fact comes from the
// turn's events as the rules crate reported them.
import { LETTER } from "../board/pieces.js";
import { summarised } from "./summary.js";

const PLURAL = { pawn: "pawns", knight: "knights", bishop: "bishops", rook: "rooks", queen: "queens", king: "kings" };
const NUMBER = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const LETTER_OR_P = (role) => LETTER[role] || "P";

export const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Ng1", "the f2 pawn" */
export function unit(role, square) {
  return role === "pawn" ? `the ${square} pawn` : `${LETTER[role]}${square}`;
}

/** "Ng1-e2", "f2-f3", "b7-b8=Q" */
export function step(role, from, to, promotion) {
  return `${LETTER[role]}${from}-${to}${promotion ? `=${LETTER[promotion]}` : ""}`;
}

/** ["a", "b", "c"] -> "a, b and c" */
export function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const count = (n, role) => `${NUMBER[n] ?? n} ${n === 1 ? role : PLURAL[role]}`;

export function leadSentence(lead, san, color) {
  const parts = lead.castle
    ? [`${capitalize(color)} leads with ${san}: the king goes ${lead.from}-${lead.to} and the rook ${lead.castle.rookFrom}-${lead.castle.rookTo}`]
    : [`${capitalize(color)} leads with ${san}: ${step(lead.piece.role, lead.from, lead.to, lead.promotion)}`];
  if (lead.capture) {
    const enPassant = lead.enPassant ? " en passant" : "";
    parts.push(`taking the ${lead.capture.piece.color} ${lead.capture.piece.role} on ${lead.capture.square}${enPassant}`);
  }
  if (lead.promotion) parts.push(`promoting to a ${lead.promotion}`);
  return `${parts.join(", ")}.`;
}

/** "e2 is empty" / "e1 and h1 are empty" */
function emptied(vacated) {
  return vacated.length === 1 ? `${vacated[0]} is empty` : `${list(vacated)} are empty`;
}

/** The candidates part, shared by the candidates step and the follow step after it. */
export function candidatesClause(event) {
  const it = event.vacated.length === 1 ? "it" : "them";
  if (event.units.length === 0) {
    return `${emptied(event.vacated)}: no unit that has not moved this turn can reach ${it}, so the chain ends`;
  }
  const twoSquares = event.vacated.length > 1;
  const names = event.units.map((u) => (twoSquares ? `${unit(u.role, u.square)} (to ${u.to})` : unit(u.role, u.square)));
  if (event.units.length === 1) return `${emptied(event.vacated)}: only ${names[0]} can reach ${it}`;
  return `${emptied(event.vacated)}: ${list(names)} can reach ${it}`;
}

export function candidatesSentence(event) {
  let text = candidatesClause(event);
  if (event.units.length > 1 && event.weakest) {
    const ties = new Set(event.units.filter((u) => u.role === event.weakest).map((u) => u.square)).size;
    text += ties > 1 ? `; ${count(ties, event.weakest)} tie as the weakest` : `; the ${event.weakest} is the weakest`;
  }
  return `${text}.`;
}

export function followSentence(candidates, follow, color) {
  const move = step(follow.piece.role, follow.from, follow.to, follow.promotion);
  const promoted = follow.promotion ? ` and promotes to a ${follow.promotion}` : "";
  const clause = candidates ? candidatesClause(candidates) : `${follow.to} is empty`;
  if (follow.reason === "only") return `${clause}: ${move}${promoted}.`;
  if (follow.reason === "choice") {
    const ties = candidates
      ? new Set(candidates.units.filter((u) => u.role === follow.piece.role).map((u) => u.square)).size
      : 2;
    const which = ties > 1 ? `${count(ties, follow.piece.role)} tie as the weakest` : `the ${follow.piece.role} could go to either square`;
    return `${clause}; ${which} and ${capitalize(color)} chose ${move}${promoted}.`;
  }
  return `${clause}; the ${follow.piece.role} is the weakest: ${move}${promoted}.`;
}

/** One wave of one Tatarstan stage: every transform event in it. */
export function waveSentence(stage, wave, transforms) {
  const byDefender = new Map();
  for (const t of transforms) {
    if (!byDefender.has(t.defender)) byDefender.set(t.defender, []);
    byDefender.get(t.defender).push(unit(t.from, t.square));
  }
  const defences = [...byDefender].map(([defender, units]) => `${unit(stage, defender)} defends ${list(units)}`);
  const become = transforms.length === 1 ? `it becomes a ${stage}` : `they become ${PLURAL[stage]}`;
  let text = `${capitalize(stage)} stage, wave ${wave}: ${defences.join("; ")}, so ${become}`;
  for (const t of transforms.filter((t) => t.promotion)) {
    text += `; on its last rank the new pawn on ${t.square} promotes and ${capitalize(t.color)} chooses a ${t.promotion} (${t.square}=${LETTER[t.promotion]})`;
  }
  return `${text}.`;
}

/** "B→N", "N→P=R" */
export function changeLabel(t) {
  return `${LETTER_OR_P(t.from)}→${LETTER_OR_P(t.to)}${t.promotion ? `=${LETTER[t.promotion]}` : ""}`;
}

export function lapsedSentence(event) {
  if (event.right === "castling") {
    return `${capitalize(event.color)} can no longer castle ${event.side === "king" ? "king" : "queen"} side.`;
  }
  return `The en passant right on ${event.square} lapses.`;
}

export function endSentence(turn, nextColor, lapsed) {
  const check = turn.mate ? " Checkmate." : turn.check ? ` ${capitalize(nextColor)} is in check.` : "";
  const outcome = turn.outcome && !turn.mate ? `${check} ${turn.outcome.message}.` : check;
  const rights = lapsed.map(lapsedSentence).join(" ");
  // After a turn that ended the game (the facade's `outcome`) nobody is to move.
  const next = turn.mate || turn.outcome ? "" : ` ${capitalize(nextColor)} to move.`;
  return `${summarised(turn) ?? turn.notation}.${outcome}${rights ? ` ${rights}` : ""}${next}`.replace(/\s+/g, " ");
}
