// Turns one turn's events into the steps the board replays: each step is a whole picture
// (pieces, highlighted squares, arrows, badges) and one sentence. The pieces between the
// steps are moved exactly as the events say; the last step shows the position the rules
// crate reported after the turn, so the replay always ends on the true position.
import {
  candidatesSentence, changeLabel, endSentence, followSentence, leadSentence, startSentence, waveSentence,
} from "./text.js";

const other = (color) => (color === "white" ? "black" : "white");

/**
 * @typedef {Object} Step
 * @property {"start"|"lead"|"candidates"|"follow"|"wave"|"end"} kind
 * @property {Map<string, {color: string, role: string}>} pieces
 * @property {Object<string, string[]>} marks  highlight class -> squares
 * @property {{from: string, to: string, kind: string}[]} arrows
 * @property {{square: string, text: string}[]} labels
 * @property {[string, string][]} slides  moves that lead into this step (for animation)
 * @property {string} text
 */

/**
 * @param {object} turn  a Turn from wasm (docs/wasm-api.md)
 * @param {Map} before  pieces before the turn
 * @param {Map} after   pieces after the turn (from the turn's FEN)
 * @returns {Step[]}
 */
export function stepsOf(turn, before, after) {
  const lead = turn.events.find((e) => e.type === "lead");
  const color = lead?.piece.color ?? "white";
  const steps = [];
  const pieces = new Map(before);
  const picture = (kind, text, extra = {}) =>
    steps.push({ kind, pieces: new Map(pieces), marks: {}, arrows: [], labels: [], slides: [], text, ...extra });

  picture("start", startSentence(turn, color), { marks: { moved: [turn.from] } });

  const chain = []; // squares the turn moved through, for the last-turn highlight
  let candidates = null;
  let stage = null;
  let wave = null;
  const lapsed = [];
  for (const event of turn.events) {
    switch (event.type) {
      case "lead": {
        const piece = pieces.get(event.from) ?? event.piece;
        if (event.capture) pieces.delete(event.capture.square);
        pieces.delete(event.from);
        pieces.set(event.to, event.promotion ? { color: piece.color, role: event.promotion } : piece);
        const slides = [[event.from, event.to]];
        if (event.castle) {
          const rook = pieces.get(event.castle.rookFrom);
          pieces.delete(event.castle.rookFrom);
          if (rook) pieces.set(event.castle.rookTo, rook);
          slides.push([event.castle.rookFrom, event.castle.rookTo]);
        }
        chain.push(event.from, event.to);
        const moved = event.castle ? [event.from, event.to, event.castle.rookFrom, event.castle.rookTo] : [event.from, event.to];
        picture("lead", leadSentence(event, turn.san, color), { marks: { moved }, slides });
        break;
      }
      case "candidates": {
        // A follower's step says who could reach the square as well as who went, so the
        // candidates get a step of their own only when nobody follows and the chain ends.
        candidates = event;
        if (event.units.length === 0) {
          picture("candidates", candidatesSentence(event), { marks: { vacated: event.vacated } });
        }
        break;
      }
      case "follow": {
        const piece = pieces.get(event.from) ?? event.piece;
        pieces.delete(event.from);
        pieces.set(event.to, event.promotion ? { color: piece.color, role: event.promotion } : piece);
        chain.push(event.to);
        const units = candidates?.units ?? [];
        const others = units.filter((u) => u.square !== event.from);
        const weakest = others.filter((u) => u.role === candidates.weakest).map((u) => u.square);
        picture("follow", followSentence(candidates, event, color), {
          marks: { candidate: others.map((u) => u.square), weakest, moved: [event.from], chosen: [event.to] },
          arrows: [
            ...others.map((u) => ({ from: u.square, to: u.to, kind: "candidate" })),
            { from: event.from, to: event.to, kind: "follow" },
          ],
          slides: [[event.from, event.to]],
        });
        candidates = null;
        break;
      }
      case "stage":
        stage = event.role;
        wave = null;
        break;
      case "transform": {
        const key = `${event.stage ?? stage}:${event.wave}`;
        if (!wave || wave.key !== key) {
          wave = { key, stage: event.stage ?? stage, number: event.wave, transforms: [] };
          picture("wave", "", {});
          wave.step = steps[steps.length - 1];
        }
        wave.transforms.push(event);
        const piece = pieces.get(event.square);
        pieces.set(event.square, { color: piece?.color ?? event.color, role: event.promotion ?? event.to });
        Object.assign(wave.step, {
          pieces: new Map(pieces),
          marks: {
            transformed: wave.transforms.map((t) => t.square),
            defender: wave.transforms.map((t) => t.defender),
          },
          arrows: wave.transforms.map((t) => ({ from: t.defender, to: t.square, kind: "defend" })),
          labels: wave.transforms.map((t) => ({ square: t.square, text: changeLabel(t) })),
          text: waveSentence(wave.stage, wave.number, wave.transforms),
        });
        break;
      }
      case "right_lapsed":
        lapsed.push(event);
        break;
      default:
        break;
    }
  }

  const lastChain = chain.filter((s) => s !== turn.from && s !== turn.to);
  steps.push({
    kind: "end",
    pieces: new Map(after),
    marks: { last: [turn.from, turn.to], "last-chain": lastChain },
    arrows: [],
    labels: [],
    slides: [],
    text: endSentence(turn, other(color), lapsed),
  });
  return steps;
}

/** The board while a turn is being entered: the events of `turn` (the choices' sample),
 *  replayed through its first `done` moves (the choices' `moves`: leader and followers). */
export function piecesAfterPrefix(turn, before, done) {
  const steps = stepsOf(turn, before, before);
  let moved = 0;
  let last = steps[0];
  for (const s of steps) {
    if (s.kind === "lead" || s.kind === "follow") {
      if (moved === done) break;
      moved += 1;
    }
    if (s.kind === "end") break;
    last = s;
  }
  return last.pieces;
}
