// Projector mode: the board as large as the screen allows, the cascade sentence in large type,
// the turn list beside it, the rest of the page out of the way. A presenter's clicker sends
// Page Down / Page Up: they step through the cascade's steps and on into the next or previous
// turn; B blanks the screen (and B again brings it back).
export class Projector {
  /** @param {import("../game/controller.js").Controller} controller
   *  @param {{toggle: HTMLButtonElement, blank: HTMLElement}} els */
  constructor(controller, els) {
    this.controller = controller;
    this.els = els;
    els.toggle.addEventListener("click", () => this.toggle());
  }

  get on() {
    return document.body.classList.contains("projector");
  }

  toggle() {
    const on = !this.on;
    document.body.classList.toggle("projector", on);
    this.els.toggle.setAttribute("aria-pressed", String(on));
    if (!on) this.els.blank.hidden = true;
  }

  /** The next cascade step, or the first step of the next turn. */
  forward() {
    const { player } = this.controller;
    if (!player.atEnd) return player.next();
    const next = this.controller.node.children[0];
    if (next === undefined) return undefined;
    this.controller.goTo(next, { autoplay: false });
    return player.first();
  }

  /** The step before, or the last step of the turn before. */
  back() {
    const { player } = this.controller;
    if (player.index > 0) return player.previous();
    const parent = this.controller.node.parent;
    return parent === null ? undefined : this.controller.goTo(parent, { autoplay: false });
  }

  blank() {
    this.els.blank.hidden = !this.els.blank.hidden;
  }
}
