// <grolman-board mode="solve">: the reader tries to solve the problem on the board. The problem
// is solved once, in the engine worker (web/worker/), so the host page never freezes; the
// report's tree (the facade's solve JSON) then says what each of the reader's moves is:
// a try is answered with its refutation ("1.Qb3? Rd1!") and taken back, the key is acknowledged
// and the board answers each of the reader's moves with a defence until the goal; a helpmate's
// moves (both sides the reader's) must follow one of its lines. "Show solution" reveals the tree
// (web/ui/solution.js, the playground's own). Nothing here knows a rule: moves are compared by
// their turn codes, as the solver wrote them.
import { EngineClient } from "../worker/client.js";
import { countsSolutions, twinTree } from "../ui/solution.js";
import { errorText } from "../i18n/error-text.js";
import { capitalize } from "../cascade/text.js";
import { plural, t } from "../i18n/index.js";
import { shown } from "../i18n/notation.js";

/** Every first move of a direct mate or selfmate is reported with its refutations. */
const ALL_TRIES = 64;
/** How long a refuted try stays on the board before it is taken back. */
const TAKE_BACK_MS = 1600;

export class SolveMode {
  /**
   * @param {{ settings: object, game: object, say(text: string, state?: string): void, play(code: string): void,
   *           takeBack(count: number): void, showPath(twin: object, path: (string|null)[]): void, reveal(node: HTMLElement): void }} host
   */
  constructor(host) {
    this.host = host;
    this.client = new EngineClient();
    this.twin = null;
    this.node = null; // what the reader may play now: { kind, choices: Map<code, next> }
    this.busy = true;
    this.done = false;
  }

  async start() {
    const { variant, fen, caption, options } = this.host.settings;
    const stipulation = caption.stipulation;
    if (!stipulation) {
      this.host.say(t("element.solve.noStipulation"), "error");
      return;
    }
    this.host.say(t("element.solve.looking"), "solving");
    let problems;
    try {
      problems = await this.client.solve(`${variant} ${fen || this.host.game.fen()} ${stipulation}`, { tries: ALL_TRIES, popeye: options || undefined });
    } catch (error) {
      this.host.say(t("solve.failed", { message: errorText(error) }), "error");
      return;
    }
    this.twin = problems[0]?.twins[0];
    const found = this.twin?.found ?? 0;
    if (!this.twin || this.twin.verdict === "none" || found === 0) {
      this.host.say(t("element.solve.none", { stipulation }), "unsound");
      this.busy = false;
      return;
    }
    const many = found > 1 && this.twin.verdict === "cooked";
    this.restart();
    this.host.takeBack(0); // the board offers the reader's moves from now on
    const task = capitalize(t(helpLike(this.twin) ? "element.solve.findSolution" : "element.solve.findKey", { side: this.host.sideToMove() }));
    const cooked = `element.solve.cooked.${countsSolutions(this.twin) ? "solution" : "key"}`;
    this.host.say(`${many ? `${plural(cooked, found)} ` : ""}${task}`, many ? "cooked" : "ready");
  }

  /** Back to the diagram, the first move to find. */
  restart() {
    this.path = [];
    this.node = helpLike(this.twin) ? helpNode(this.twin.help ?? [], 0) : keyNode(this.twin);
    this.busy = false;
    this.done = false;
  }

  /** Whether the reader may enter a move now. */
  get open() {
    return !this.busy && !this.done;
  }

  /** The reader played `turn` (already on the board). */
  reader(turn) {
    if (!this.twin || !this.node) return;
    const next = this.node.choices.get(turn.code);
    if (!next) {
      this.busy = true;
      this.host.say(t("element.solve.wrong", { move: shown(turn.notation) }), "wrong");
      setTimeout(() => this.takeBack(1), TAKE_BACK_MS);
      return;
    }
    if (next.kind === "try") {
      this.busy = true;
      const [refutation] = next.refutations;
      if (!refutation) return this.takeBack(1);
      setTimeout(() => {
        this.host.play(refutation.code);
        this.host.say(t("element.solve.try", { move: shown(turn.notation), refutation: shown(refutation.notation) }), "try");
        setTimeout(() => this.takeBack(2), TAKE_BACK_MS);
      }, 500);
      return;
    }
    this.path.push(turn.code);
    const praise = t(next.kind === "key" ? "element.solve.key" : "element.solve.right", { move: shown(turn.notation) });
    if (next.solved) return this.solved(praise);
    if (next.kind === "line") {
      this.node = next.node;
      this.host.say(`${praise} ${t("element.solve.now", { side: this.host.sideToMove() })}`, "right");
      return;
    }
    // The board answers with the toughest defence: the one that lasts longest.
    const defences = next.attack.defences ?? [];
    const reply = [...defences].sort((a, b) => b.turnsLeft - a.turnsLeft)[0];
    if (!reply) return this.solved(praise);
    this.busy = true;
    setTimeout(() => {
      this.host.play(reply.turn.code);
      this.path.push(reply.turn.code);
      if (reply.turnsLeft === 0) return this.solved(`${praise} ${t("element.solve.forced", { move: shown(reply.turn.notation) })}`);
      this.node = answerNode(reply);
      this.busy = false;
      this.host.say(`${praise} ${t("element.solve.defence", { move: shown(reply.turn.notation) })}`, "right");
    }, 500);
  }

  /** Open before the board is drawn again, so that it offers the reader's moves. */
  takeBack(count) {
    this.busy = false;
    this.host.takeBack(count);
  }

  solved(praise) {
    this.done = true;
    this.busy = false;
    this.host.say(`${praise} ${t("element.solve.solved")}`, "solved");
  }

  /** The solution tree, each move a button that shows its position on the board. */
  reveal() {
    if (!this.twin) return;
    this.done = true;
    // Every first move was solved with its refutations; the solution shows, as Popeye's Option
    // Try does, only the tries that a single defence refutes.
    const shown = { ...this.twin, tries: (this.twin.tries ?? []).filter((t) => t.refutations.length === 1) };
    this.host.reveal(twinTree(shown, "0.0", (path) => this.host.showPath(this.twin, path)));
  }

  stop() {
    this.client.cancel();
  }
}

const helpLike = (twin) => Array.isArray(twin.help) && twin.help.length > 0 && !(twin.keys ?? []).length;

/** The first move of a direct mate or selfmate: a key, else a try with its refutations. */
function keyNode(twin) {
  const choices = new Map();
  for (const t of twin.tries ?? []) choices.set(t.attack.turn.code, { kind: "try", refutations: t.refutations });
  for (const k of twin.keys ?? []) choices.set(k.turn.code, { kind: "key", attack: k, solved: !(k.defences ?? []).length && !(k.threats ?? []).length });
  return { kind: "key", choices };
}

/** After a defence: the attacker's answers; one with no defences after it reaches the goal. */
function answerNode(defence) {
  const choices = new Map();
  for (const a of defence.answers ?? []) choices.set(a.turn.code, { kind: "answer", attack: a, solved: !(a.defences ?? []).length });
  return { kind: "answer", choices };
}

/** The `depth`-th move of the helpmate lines that agree with the moves so far. */
function helpNode(lines, depth) {
  const choices = new Map();
  const byCode = new Map();
  for (const line of lines) {
    const turn = line.turns[depth];
    if (!turn) continue;
    if (!byCode.has(turn.code)) byCode.set(turn.code, []);
    byCode.get(turn.code).push(line);
  }
  for (const [code, agreeing] of byCode) {
    const solved = agreeing.some((l) => l.turns.length === depth + 1);
    choices.set(code, { kind: "line", solved, node: solved ? null : helpNode(agreeing, depth + 1) });
  }
  return { kind: "line", choices };
}
