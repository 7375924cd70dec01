// Projector mode: the board as large as the screen allows, the cascade sentence in large type,
// the turn list beside it, the rest of the page out of the way (the page's CSS, under
// body.projector). A presenter's clicker sends Page Down / Page Up: they walk what the page
// gives as its steps (the playground: cascade steps and on into the next or previous turn,
// turnWalk; the lessons: the steps of one board and on into the next board); B blanks the
// screen (and B again brings it back). One implementation for the playground and learn.html.
export class Projector {
  /** @param {{forward(): void, back(): void}} walk  what Page Down / Page Up step through
   *  @param {{toggle: HTMLButtonElement, blank: HTMLElement, onToggle?: (on: boolean) => void}} els
   *         (onToggle runs before the page changes) */
  constructor(walk, els) {
    this.walk = walk;
    this.els = els;
    els.toggle.addEventListener("click", () => this.toggle());
  }

  get on() {
    return document.body.classList.contains("projector");
  }

  toggle() {
    const on = !this.on;
    this.els.onToggle?.(on); // while the page still shows what was in view
    document.body.classList.toggle("projector", on);
    this.els.toggle.setAttribute("aria-pressed", String(on));
    if (!on) this.els.blank.hidden = true;
  }

  forward() {
    return this.walk.forward();
  }

  back() {
    return this.walk.back();
  }

  blank() {
    this.els.blank.hidden = !this.els.blank.hidden;
  }

  /** The page's keys for projector mode: P toggles it; while it is on, the clicker's. */
  keys() {
    return {
      p: () => this.toggle(),
      ...(this.on ? { PageDown: () => this.forward(), PageUp: () => this.back(), b: () => this.blank() } : {}),
    };
  }
}

/** The playground's walk: the next cascade step, or the first step of the next turn; the step
 *  before, or the last step of the turn before.
 *  @param {import("../game/controller.js").Controller} controller */
export function turnWalk(controller) {
  return {
    forward() {
      const { player } = controller;
      if (!player.atEnd) return player.next();
      const next = controller.node.children[0];
      if (next === undefined) return undefined;
      controller.goTo(next, { autoplay: false });
      return player.first();
    },
    back() {
      const { player } = controller;
      if (player.index > 0) return player.previous();
      const parent = controller.node.parent;
      return parent === null ? undefined : controller.goTo(parent, { autoplay: false });
    },
  };
}
