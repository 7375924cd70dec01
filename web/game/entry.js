// Entering a turn, for the playground and the <grolman-board> element alike: which leaders may
// be picked and where they may go, the open choices of a partly entered turn (ties, promotions,
// the owner's kind in Tatarstan chess) on the board and in the picker, and the code of the turn
// chosen. Every fact is the wasm Game's; one module, so that a fix lands in both hosts.
import { piecesOf } from "../../pkg/grolman.js";
import { marksFrom, piecesFrom } from "../board/state.js";
import { candidatesClause, capitalize, side } from "../cascade/text.js";
import { t } from "../i18n/index.js";
import { piecesAfterPrefix, stepsOf } from "../cascade/walker.js";

const unique = (items, key = (x) => x) => {
  const seen = new Set();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

export class TurnEntry {
  /**
   * @param {{board: import("../board/board.js").Board, picker: import("../ui/pickers.js").Picker,
   *          say: (text: string|null) => void}} views
   *   `say` shows the prompt of an open choice (null: none open); the host makes it a live region.
   */
  constructor({ board, picker, say }) {
    this.board = board;
    this.picker = picker;
    this.say = say;
    this.game = null;
    this.leads = [];
    this.status = null;
    this.pending = null; // the entry under way: { lead, turns }
  }

  /** A new game or position: whatever choice was open closes. The host then calls `refresh`
   *  (both do, with the rest of what a new position needs), which asks the leaders anew. */
  reset(game) {
    this.cancel();
    this.game = game;
  }

  /** After a turn was played or taken back in the same game. */
  refresh() {
    this.leads = this.game.leads();
    this.status = this.game.status();
  }

  get open() {
    return this.pending !== null;
  }

  /** The square of the king in check in the live position, or null. */
  get checkSquare() {
    return this.status?.checkSquare ?? null;
  }

  /** Leaders -> their destinations. A king that can castle may also go to its rook's square. */
  dests() {
    const dests = new Map();
    if (this.status?.state !== "ongoing") return dests;
    const add = (from, to) => {
      if (!dests.has(from)) dests.set(from, []);
      if (!dests.get(from).includes(to)) dests.get(from).push(to);
    };
    for (const { from, to, rook } of this.leads) {
      add(from, to);
      if (rook) add(from, rook);
    }
    return dests;
  }

  /** The lead that a move from `from` to `to` means (the king onto its rook: castling), or null. */
  leadOf(from, to) {
    return this.leads.find((l) => l.from === from && l.to === to)
      ?? this.leads.find((l) => l.from === from && l.rook === to)
      ?? null;
  }

  /**
   * Enters the turn led from `from` to `to`, asking every open choice in turn.
   * @returns {Promise<{turn: string}|{cancelled: true}|{closed: true}>} the code of the whole
   *   turn; `cancelled` when the player cancelled a choice or no legal turn is led so (the host
   *   shows the live position again); `closed` when `cancel` or a new position closed it (whoever
   *   did shows what comes next). Throws the rules' message when the Game refuses the prefix.
   */
  async enter(from, to) {
    const lead = this.leadOf(from, to);
    if (!lead || this.pending) return { cancelled: true };
    const entry = { lead, turns: null };
    this.pending = entry;
    try {
      let choices = this.game.choices(`${lead.from}${lead.to}`);
      while (!choices.complete) {
        // The turns this lead can start: one of them draws the partly entered chain.
        entry.turns ??= this.game.turnsLedBy(lead.from, lead.to);
        const code = await this.ask(choices, entry);
        if (this.pending !== entry) return { closed: true };
        if (code === null) return { cancelled: true };
        choices = this.game.choices(code);
      }
      return { turn: choices.turn };
    } finally {
      if (this.pending === entry) {
        this.pending = null;
        this.say(null);
      }
    }
  }

  /** Closes the open choice, if any (Escape, a new position, another view). */
  cancel() {
    this.pending = null;
    this.board.cancelChoice();
    this.picker.cancel();
    this.say(null);
  }

  /** Shows one open choice; resolves to the code of the option taken, or null. */
  async ask({ open, sample: sampleCode, moves }, entry) {
    const mover = this.status.turn;
    const sample = entry.turns.find((t) => t.code === sampleCode);
    const now = piecesFrom(this.game.pieces());
    this.board.set({ pieces: sample ? piecesAfterPrefix(sample, now, moves) : now, arrows: [], labels: [],
                     dests: null, selected: null, choosable: null, check: null });
    if (open.kind === "follower") {
      const froms = unique(open.options.map((o) => o.from));
      const units = unique(open.options.map((o) => ({ square: o.from, role: o.role, to: o.to })), (u) => u.square + u.to);
      const clause = candidatesClause({ vacated: open.vacated, units });
      this.board.set({ marks: marksFrom({ vacated: open.vacated, candidate: froms }),
                       choosable: froms.length > 1 ? new Set(froms) : null });
      let square = froms[0];
      if (froms.length > 1) {
        this.say(t("entry.tie", { clause, squares: froms.join(t("list.or")) }));
        square = await this.board.nextChoice();
        if (square === null || this.pending !== entry) return null;
      } else {
        // One unit, several ways (a promotion, or either castling square): ask only how.
        this.say(t("entry.how", { clause }));
      }
      const options = open.options.filter((o) => o.from === square);
      if (options.length === 1) return options[0].code;
      return this.pick(entry, {
        title: t("entry.follows", { square }),
        options: options.map((o) => ({
          role: o.promotion ?? o.role, color: mover, value: o.code,
          label: o.promotion ? t("entry.toPromoting", { square: o.to, kind: t(`kind.${o.promotion}.into`) }) : t("entry.to", { square: o.to }),
        })),
      });
    }
    const owner = open.kind === "owner_promotion" ? open.options[0]?.color ?? mover : mover;
    const square = open.options[0]?.square ?? open.options[0]?.to;
    this.board.set({ marks: marksFrom({ chosen: square ? [square] : [] }) });
    const title = open.kind === "owner_promotion"
      ? capitalize(t("entry.ownerChooses", { side: side(owner), square }))
      : t("entry.promoteTo");
    this.say(`${title}.`);
    return this.pick(entry, {
      title,
      options: open.options.map((o) => ({ role: o.promotion, color: owner, label: t(`role.${o.promotion}`), value: o.code })),
    });
  }

  /** The picker, then the keyboard focus back on the board (the picker's buttons are gone). */
  async pick(entry, request) {
    const value = await this.picker.pick(request);
    if (this.pending === entry) this.board.focus(this.board.state.focus ?? entry.lead.to);
    return value;
  }
}

/** The steps of the game's last turn, ending on the live position; null before the first turn. */
export function lastTurnSteps(game) {
  const history = game.history();
  const last = history[history.length - 1];
  if (!last) return null;
  const before = history.length > 1 ? history[history.length - 2].fen : game.startFen();
  const kingless = game.kingless();
  return stepsOf(last, piecesFrom(piecesOf(before, kingless)), piecesFrom(piecesOf(last.fen, kingless)));
}
