// The board component: state + render + input. It knows no chess; the controller tells it
// what to show (`set`) and hears what the player wants (`onSelect`, `onMove`, `onChoose`).
import { initialState } from "./state.js";
import { BoardView } from "./render.js";
import { bindInput } from "./input.js";
import { bindShapes } from "./shapes.js";

export class Board {
  /**
   * @param {HTMLElement} host
   * @param {{ onMove?(from: string, to: string): void, onChoose?(square: string): void,
   *           onSelect?(square: string|null): void, onPress?(square: string): void,
   *           onShape?(shape: object): void, onClearShapes?(): void,
   *           orientation?: string }} options  (onPress, and onMove with a null target for a
   *           drag off the board, only when the state is `editable`)
   */
  constructor(host, options = {}) {
    this.state = initialState(options);
    this.view = new BoardView(host);
    bindInput(this.view, () => this.state, {
      select: (square) => {
        this.set({ selected: square });
        options.onSelect?.(square);
      },
      move: (from, to) => {
        this.set({ selected: null });
        options.onMove?.(from, to);
      },
      choose: (square) => {
        const resolve = this.pendingChoice;
        this.pendingChoice = null;
        this.set({ choosable: null });
        resolve?.(square);
        options.onChoose?.(square);
      },
      focus: (square) => this.focus(square),
      press: (square) => options.onPress?.(square),
    });
    bindShapes(this.view, () => this.state, {
      shape: (shape) => options.onShape?.(shape),
      clearShapes: () => options.onClearShapes?.(),
    });
    this.focusable(this.state.orientation === "white" ? "e2" : "e7");
    this.view.draw(this.state);
  }

  /** Merges a partial state and renders at the next frame. */
  set(partial) {
    Object.assign(this.state, partial);
    if (partial.slides) this.state.slides = partial.slides;
    this.view.schedule(this.state);
  }

  /** Renders synchronously (tests and first paint). */
  flush() {
    if (this.view.frame) {
      cancelAnimationFrame(this.view.frame);
      this.view.frame = 0;
    }
    this.view.draw(this.state);
  }

  /** Resolves with the next square the player chooses among `choosable`, or null if cancelled. */
  nextChoice() {
    this.cancelChoice();
    return new Promise((resolve) => {
      this.pendingChoice = resolve;
    });
  }

  cancelChoice() {
    const resolve = this.pendingChoice;
    this.pendingChoice = null;
    if (resolve) {
      this.set({ choosable: null });
      resolve(null);
    }
  }

  flip() {
    this.set({ orientation: this.state.orientation === "white" ? "black" : "white" });
  }

  /** Gives a square the keyboard focus (roving tabindex). */
  focus(square) {
    this.focusable(square);
    this.set({ focus: square });
    this.view.squares.get(square).focus();
  }

  focusable(square) {
    for (const [name, g] of this.view.squares) g.setAttribute("tabindex", name === square ? "0" : "-1");
  }
}
