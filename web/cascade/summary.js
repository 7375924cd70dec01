// A Tatarstan turn can transform dozens of units; the move list, the closing sentence and the
// computer's expected line then show how many became what, stage by stage, and keep the full
// notation one click away. The counts come from the turn's own transform events.

const PLURAL = { pawn: "pawns", knight: "knights", bishop: "bishops", rook: "rooks", queen: "queens" };

/** More transformations than this are summed up rather than listed. */
const LISTED = 4;

/** The transform events of a turn as [{ stage, count }], in the order the stages ran. */
function transformCounts(turn) {
  const counts = [];
  for (const event of turn.events ?? []) {
    if (event.type !== "transform") continue;
    const last = counts[counts.length - 1];
    if (last?.stage === event.stage) last.count += 1;
    else counts.push({ stage: event.stage, count: 1 });
  }
  return counts;
}

/** "16 became knights, then 43 rooks; kings unchanged" */
function countsSentence(counts) {
  const parts = counts.map(({ stage, count }, index) => {
    const kind = count === 1 ? stage : PLURAL[stage];
    return index === 0 ? `${count} became ${count === 1 ? `a ${kind}` : kind}` : `${count} ${kind}`;
  });
  return `${parts.join(", then ")}; kings unchanged`;
}

/**
 * The turn's notation, with a long list of transformations replaced by its counts:
 * "e4 (Ng1-e2, Rh1-g1) [16 became knights, then 43 rooks; kings unchanged]". Null when the
 * notation is short enough to show as it is.
 */
export function summarised(turn) {
  const counts = transformCounts(turn);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const open = turn.notation.lastIndexOf(" [");
  const close = turn.notation.lastIndexOf("]");
  if (total <= LISTED || open < 0 || close < open) return null;
  return `${turn.notation.slice(0, open)} [${countsSentence(counts)}]${turn.notation.slice(close + 1)}`;
}
