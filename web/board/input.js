// Pointer (mouse, pen, touch) and keyboard in; intents out: select a leader, move it,
// choose a highlighted unit. Click-click and drag-and-drop both work; the keyboard walks
// the squares with the arrow keys and acts with Enter or Space. An editable board (the board
// editor, web/edit/) instead reports every press of a square, and every drag of a unit to any
// square or off the board (`move(from, null)`).
import { defaults, coords, squareName } from "./config.js";
import { destsOf } from "./state.js";

/**
 * @param {import("./render.js").BoardView} view
 * @param {() => import("./state.js").BoardState} getState
 * @param {{ select(square: string|null): void, move(from: string, to: string): void,
 *           choose(square: string): void, focus(square: string): void, press(square: string): void }} intents
 */
export function bindInput(view, getState, intents) {
  const svg = view.svg;
  let press = null; // { square, x, y, wasSelected, dragging, node, pointerId }

  /** What a click (or Enter) on `square` means. Returns true when it picked a leader. */
  function activate(square) {
    const state = getState();
    if (state.editable) {
      intents.press(square);
      return false;
    }
    if (state.choosable) {
      if (state.choosable.has(square)) intents.choose(square);
      return false;
    }
    if (state.selected && destsOf(state, state.selected).includes(square)) {
      intents.move(state.selected, square);
      return false;
    }
    if (state.dests?.has(square)) {
      intents.select(square);
      return true;
    }
    if (state.selected) intents.select(null);
    return false;
  }

  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    const state = getState();
    const square = view.squareAt(event.clientX, event.clientY, state.orientation);
    if (!square) return;
    event.preventDefault();
    const wasSelected = state.selected === square;
    // On an editable board a unit may be dragged anywhere (a press without a drag is reported
    // when it ends); an empty square is pressed at once.
    if (state.editable && !state.pieces.has(square)) {
      intents.press(square);
      return;
    }
    const picked = state.editable || activate(square);
    if (picked) {
      press = { square, x: event.clientX, y: event.clientY, wasSelected, dragging: false,
                node: view.pieceNodes.get(square), pointerId: event.pointerId };
      svg.setPointerCapture(event.pointerId);
    }
  });

  svg.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const travel = Math.hypot(event.clientX - press.x, event.clientY - press.y);
    if (!press.dragging && travel >= defaults.dragThreshold && press.node) {
      press.dragging = true;
      press.node.classList.add("dragging");
      press.node.parentNode.append(press.node); // on top of the other pieces
    }
    if (press.dragging) {
      view.dragTo(press.node, event.clientX, event.clientY);
      const over = view.squareAt(event.clientX, event.clientY, getState().orientation);
      for (const g of view.squares.values()) g.classList.toggle("drag-over", g.dataset.square === over);
    }
  });

  const release = (event, cancelled) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const { square, dragging, node, wasSelected } = press;
    press = null;
    for (const g of view.squares.values()) g.classList.remove("drag-over");
    const state = getState();
    if (state.editable && !dragging) {
      if (!cancelled) intents.press(square);
    } else if (state.editable) {
      node.classList.remove("dragging");
      const target = cancelled ? square : view.squareAt(event.clientX, event.clientY, state.orientation);
      if (target === square) view.schedule(state);
      else intents.move(square, target);
    } else if (dragging) {
      node.classList.remove("dragging");
      const target = cancelled ? null : view.squareAt(event.clientX, event.clientY, state.orientation);
      if (target && target !== square && destsOf(state, square).includes(target)) {
        intents.move(square, target);
      } else {
        view.schedule(state); // back to its square
      }
    } else if (wasSelected) {
      intents.select(null); // a second click on the picked leader puts it down
    }
  };
  svg.addEventListener("pointerup", (event) => release(event, false));
  svg.addEventListener("pointercancel", (event) => release(event, true));

  // Keyboard: roving focus over the 64 squares.
  svg.addEventListener("keydown", (event) => {
    const state = getState();
    const current = state.focus ?? (state.orientation === "white" ? "e2" : "e7");
    const [file, rank] = coords(current);
    const up = state.orientation === "white" ? 1 : -1;
    const steps = { ArrowUp: [0, up], ArrowDown: [0, -up], ArrowLeft: [-up, 0], ArrowRight: [up, 0] };
    if (steps[event.key]) {
      const [df, dr] = steps[event.key];
      const next = squareName(Math.min(7, Math.max(0, file + df)), Math.min(7, Math.max(0, rank + dr)));
      intents.focus(next);
    } else if (event.key === "Enter" || event.key === " ") {
      activate(current);
    } else if (event.key === "Escape" && state.selected) {
      intents.select(null);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  });
  svg.addEventListener("focusin", (event) => {
    const square = event.target.closest?.(".square")?.dataset.square;
    if (square && square !== getState().focus) intents.focus(square);
  });
}
