// The other half of src/turns_js.rs: builds the page's turn objects from the numbers and the
// one string that Rust wrote, in one call instead of a call into JavaScript per field. The
// names are those of the Rust types' `Serialize` derives (the facade's tests compare the two).
const FILES = "abcdefgh";
const SQUARES = Array.from({ length: 64 }, (_, i) => FILES[i % 8] + String(1 + (i >> 3)));
const ROLES = ["pawn", "knight", "bishop", "rook", "queen", "king"];
const COLORS = ["white", "black"];
const REASONS = ["only", "weakest", "choice"];
const RIGHTS = ["castling", "en_passant"];
const SIDES = ["king", "queen"];
const NONE = 255;

export function decodeTurns(words, text) {
  let at = 0;
  let t = 0;
  const next = () => words[at++];
  const str = () => {
    const len = words[at++];
    const s = text.slice(t, t + len);
    t += len;
    return s;
  };
  const roleOrNull = (r) => (r === NONE ? null : ROLES[r]);
  const event = () => {
    switch (next()) {
      case 0: {
        const from = SQUARES[next()];
        const to = SQUARES[next()];
        const piece = { color: COLORS[next()], role: ROLES[next()] };
        const c = next();
        const capture = c === NONE ? null : { square: SQUARES[c], piece: { color: COLORS[next()], role: ROLES[next()] } };
        const promotion = roleOrNull(next());
        const r = next();
        const castle = r === NONE ? null : { rookFrom: SQUARES[r], rookTo: SQUARES[next()] };
        return { type: "lead", from, to, piece, capture, promotion, castle, enPassant: next() === 1 };
      }
      case 1: {
        const vacated = [];
        for (let n = next(); n > 0; n--) vacated.push(SQUARES[next()]);
        const units = [];
        for (let n = next(); n > 0; n--) units.push({ square: SQUARES[next()], role: ROLES[next()], to: SQUARES[next()] });
        const weakest = roleOrNull(next());
        return { type: "candidates", vacated, units, weakest, choice: next() === 1 };
      }
      case 2: {
        const from = SQUARES[next()];
        const to = SQUARES[next()];
        const piece = { color: COLORS[next()], role: ROLES[next()] };
        const promotion = roleOrNull(next());
        return { type: "follow", from, to, piece, promotion, reason: REASONS[next()] };
      }
      case 3:
        return { type: "stage", role: ROLES[next()] };
      case 4: {
        const square = SQUARES[next()];
        const color = COLORS[next()];
        const from = ROLES[next()];
        const to = ROLES[next()];
        const defender = SQUARES[next()];
        const stage = ROLES[next()];
        const wave = next();
        return { type: "transform", square, color, from, to, defender, stage, wave, promotion: roleOrNull(next()) };
      }
      default: {
        const e = { type: "right_lapsed", right: RIGHTS[next()] };
        const color = next();
        if (color !== NONE) e.color = COLORS[color];
        const side = next();
        if (side !== NONE) e.side = SIDES[side];
        const square = next();
        if (square !== NONE) e.square = SQUARES[square];
        return e;
      }
    }
  };
  const turns = [];
  for (let n = next(); n > 0; n--) {
    const code = str();
    const notation = str();
    const san = str();
    const fen = str();
    const from = SQUARES[next()];
    const to = SQUARES[next()];
    const flags = next();
    const events = [];
    for (let e = next(); e > 0; e--) events.push(event());
    turns.push({ code, notation, san, from, to, fen, check: (flags & 1) !== 0, mate: (flags & 2) !== 0, events });
  }
  return turns;
}
