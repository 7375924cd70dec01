// A Tatarstan turn can transform dozens of units; the move list, the closing sentence and the
// computer's expected line then show how many became what, stage by stage, and keep the full
// notation one click away. The counts come from the turn's own transform events.
import { plural, t } from "../i18n/index.js";
import { shown } from "../i18n/notation.js";

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
  const parts = counts.map(({ stage, count }, index) =>
    plural(index === 0 ? `summary.became.${stage}` : `summary.then.${stage}`, count));
  return t("summary.counts", { counts: parts.join(t("summary.then")) });
}

/**
 * The turn's notation as shown (the reader's letters), with a long list of transformations
 * replaced by its counts: "e4 (Ng1-e2, Rh1-g1) [16 became knights, then 43 rooks; kings
 * unchanged]". Null when the notation is short enough to show as it is.
 */
export function summarised(turn) {
  const counts = transformCounts(turn);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const notation = shown(turn.notation);
  const open = notation.lastIndexOf(" [");
  const close = notation.lastIndexOf("]");
  if (total <= LISTED || open < 0 || close < open) return null;
  return `${notation.slice(0, open)} [${countsSentence(counts)}]${notation.slice(close + 1)}`;
}

/** The turn as the page shows it: summarised when long, in the reader's letters. */
export const turnText = (turn) => summarised(turn) ?? shown(turn.notation);
