// The other half of src/turns_js.rs: builds the page's turn objects from the numbers and the
// one string that Rust wrote, in one call instead of a call into JavaScript per field. The
// names are those of the Rust types' `Serialize` derives (the facade's tests compare the two).
//
// One function with the read position `at` in a local variable: with small closures sharing
// `at` (the first version), V8 kept it in the closures' context and loaded and stored it there
// for every number, which made this a sixth of a Tatarstan turn query.
const FILES = "abcdefgh";
const SQUARES = Array.from({ length: 64 }, (_, i) => FILES[i % 8] + String(1 + (i >> 3)));
const ROLES = ["pawn", "knight", "bishop", "rook", "queen", "king"];
const COLORS = ["white", "black"];
const REASONS = ["only", "weakest", "choice"];
const RIGHTS = ["castling", "en_passant"];
const SIDES = ["king", "queen"];
const NONE = 255;

const roleOrNull = (r) => (r === NONE ? null : ROLES[r]);

export function decodeTurns(words, text) {
  let at = 0;
  let t = 0;
  const turns = [];
  for (let n = words[at++]; n > 0; n--) {
    // The four strings, each as its length in UTF-16 units.
    const strings = [];
    for (let s = 0; s < 4; s++) {
      const len = words[at++];
      strings.push(text.slice(t, t + len));
      t += len;
    }
    const from = SQUARES[words[at++]];
    const to = SQUARES[words[at++]];
    const flags = words[at++];
    const events = [];
    for (let e = words[at++]; e > 0; e--) {
      switch (words[at++]) {
        case 0: {
          const from = SQUARES[words[at++]];
          const to = SQUARES[words[at++]];
          const piece = { color: COLORS[words[at++]], role: ROLES[words[at++]] };
          const c = words[at++];
          let capture = null;
          if (c !== NONE) {
            const color = COLORS[words[at++]];
            capture = { square: SQUARES[c], piece: { color, role: ROLES[words[at++]] } };
          }
          const promotion = roleOrNull(words[at++]);
          const r = words[at++];
          const castle = r === NONE ? null : { rookFrom: SQUARES[r], rookTo: SQUARES[words[at++]] };
          const enPassant = words[at++] === 1;
          events.push({ type: "lead", from, to, piece, capture, promotion, castle, enPassant });
          break;
        }
        case 1: {
          const vacated = [];
          for (let k = words[at++]; k > 0; k--) vacated.push(SQUARES[words[at++]]);
          const units = [];
          for (let k = words[at++]; k > 0; k--) {
            const square = SQUARES[words[at++]];
            const role = ROLES[words[at++]];
            units.push({ square, role, to: SQUARES[words[at++]] });
          }
          const weakest = roleOrNull(words[at++]);
          events.push({ type: "candidates", vacated, units, weakest, choice: words[at++] === 1 });
          break;
        }
        case 2: {
          const from = SQUARES[words[at++]];
          const to = SQUARES[words[at++]];
          const piece = { color: COLORS[words[at++]], role: ROLES[words[at++]] };
          const promotion = roleOrNull(words[at++]);
          events.push({ type: "follow", from, to, piece, promotion, reason: REASONS[words[at++]] });
          break;
        }
        case 3:
          events.push({ type: "stage", role: ROLES[words[at++]] });
          break;
        case 4: {
          const square = SQUARES[words[at++]];
          const color = COLORS[words[at++]];
          const from = ROLES[words[at++]];
          const to = ROLES[words[at++]];
          const defender = SQUARES[words[at++]];
          const stage = ROLES[words[at++]];
          const wave = words[at++];
          const promotion = roleOrNull(words[at++]);
          events.push({ type: "transform", square, color, from, to, defender, stage, wave, promotion });
          break;
        }
        default: {
          const e = { type: "right_lapsed", right: RIGHTS[words[at++]] };
          const color = words[at++];
          if (color !== NONE) e.color = COLORS[color];
          const side = words[at++];
          if (side !== NONE) e.side = SIDES[side];
          const square = words[at++];
          if (square !== NONE) e.square = SQUARES[square];
          events.push(e);
        }
      }
    }
    const [code, notation, san, fen] = strings;
    turns.push({ code, notation, san, from, to, fen, check: (flags & 1) !== 0, mate: (flags & 2) !== 0, events });
  }
  return turns;
}
