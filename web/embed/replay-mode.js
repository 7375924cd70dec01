// <grolman-board mode="replay">: the replay of a game's tree of turns, every cascade step
// explained (one line for `moves`; a PGN study's side lines too, in the playground's turn list).
// Its main line plays first; picking a turn of a side line in the list loads that line. Each
// step knows the node of its turn (`node`) and, where it shows a node's position (a turn's first
// and last step, the start), that node (`at`): the study's shapes and comment are drawn there.
// The element (grolman-board.js) owns the board, the step player and the controls; this module
// owns the tree, the turn list and which steps belong to which node.
import { capitalize, side } from "../cascade/text.js";
import { stepsOf } from "../cascade/walker.js";
import { piecesFrom } from "../board/state.js";
import { piecesOf } from "../../pkg/grolman.js";
import { plural, t } from "../i18n/index.js";
import { MoveList } from "../ui/movelist.js";

/** The units of a FEN, as the board draws them. */
const placement = (fen) => piecesFrom(piecesOf(fen));

export class ReplayMode {
  /**
   * @param {{ game: object, player: object, moves: HTMLElement, root: ShadowRoot }} host the
   *   element's game, its step player, its turn list's <ol> and its shadow root (for the focus).
   */
  constructor({ game, player, moves, root }) {
    Object.assign(this, { game, player, moves, root });
    this.tree = game.tree();
    this.moveList = null;
    /** The index of each shown turn's first step, by node. */
    this.turnStarts = new Map();
  }

  /** Shows the turn list when there are turns, and loads the line to the tree's current node. */
  open() {
    if (this.tree.nodes.length > 1) {
      this.moveList = new MoveList(this.moves, (id) => this.pick(id), { scroll: false });
      this.moves.hidden = false;
    }
    this.line(this.tree.current);
  }

  /** Loads the steps of the line from the start to node `end` into the player, at its start. */
  line(end) {
    const { nodes } = this.tree;
    this.game.goTo(end);
    const turns = this.game.history(); // the line's turns, the last with its outcome
    const ids = [];
    for (let id = end; id !== 0; id = nodes[id].parent) ids.unshift(id);
    // The side that played the first turn, else (no turns) the side to move now.
    const mover = side(turns[0]?.color ?? this.game.status().turn);
    const steps = [{
      kind: "position", pieces: placement(this.game.startFen()), marks: {}, arrows: [], labels: [], slides: [],
      node: 0, at: 0,
      text: turns.length
        ? plural("element.start", turns.length, { side: mover })
        : capitalize(t("cascade.toMove", { side: mover })),
    }];
    this.turnStarts = new Map();
    turns.forEach((turn, index) => {
      const id = ids[index];
      const { parent } = nodes[id];
      this.turnStarts.set(id, steps.length);
      const before = placement(index === 0 ? this.game.startFen() : turns[index - 1].fen);
      for (const step of stepsOf(turn, before, placement(turn.fen))) {
        const at = step.kind === "start" ? parent : step.kind === "end" ? id : null;
        steps.push({ ...step, node: id, at });
      }
    });
    this.player.load(steps, { autoplay: false });
    this.player.first();
  }

  /** A turn picked in the list: its first step, on its line (the main continuation after it). */
  pick(id) {
    if (!this.turnStarts.has(id)) {
      let end = this.tree.nodes[id];
      while (end.children.length) end = this.tree.nodes[end.children[0]];
      this.line(end.id);
    }
    this.player.go(this.turnStarts.get(id));
  }

  /** The study's note (shapes, comment) of the position `step` shows, or null. */
  noteAt(step) {
    return step.at === null || step.at === undefined ? null : this.tree.nodes[step.at].note ?? null;
  }

  /** Marks `step`'s turn in the list. */
  showInList(step) {
    if (!this.moveList || step.node === undefined) return;
    // The list is drawn afresh: a reader stepping from it by keyboard keeps the focus there.
    const focused = this.moves.contains(this.root.activeElement);
    this.moveList.render({ current: step.node, nodes: this.tree.nodes });
    if (focused) this.moves.querySelector("[aria-current]")?.focus({ preventScroll: true });
  }
}
