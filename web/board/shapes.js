// Drawing on the board, as on lichess: with the right mouse button a drag draws an arrow and a
// click circles a square; by touch a long press starts the same (release on another square for
// an arrow); by keyboard S on the focused square starts and S again ends it (on the same
// square: a circle). Shift picks red, Alt blue, both yellow, none green. A plain click or tap
// clears the drawing. Only intents go out: `shape({color, from, to})` and `clearShapes()`; the
// controller keeps the shapes (in the game's note) and gives them back as `state.shapes`.

const LONG_PRESS_MS = 450;

/** The colour the modifier keys of an event pick. */
export function shapeColor(event) {
  if (event.shiftKey && (event.altKey || event.ctrlKey)) return "yellow";
  if (event.shiftKey) return "red";
  if (event.altKey || event.ctrlKey) return "blue";
  return "green";
}

/**
 * @param {import("./render.js").BoardView} view
 * @param {() => import("./state.js").BoardState} getState
 * @param {{ shape(shape: {color: string, from: string, to: string}): void, clearShapes(): void }} intents
 */
export function bindShapes(view, getState, intents) {
  const svg = view.svg;
  let drawing = null; // { from, color, pointerId } while a shape is being drawn by pointer
  let touch = null; // { pointerId, x, y, timer, from } while a touch may become a long press
  let keyStart = null; // the square S was pressed on

  const at = (event) => view.squareAt(event.clientX, event.clientY, getState().orientation);
  const mark = (square) => svg.classList.toggle("drawing", Boolean(square));
  const clear = () => {
    if (getState().shapes?.length) intents.clearShapes();
  };

  svg.addEventListener("contextmenu", (event) => event.preventDefault());

  svg.addEventListener("pointerdown", (event) => {
    const square = at(event);
    if (!square) return;
    if (event.pointerType === "mouse") {
      if (event.button === 2) {
        drawing = { from: square, color: shapeColor(event), pointerId: event.pointerId };
        mark(square);
        event.preventDefault();
      } else if (event.button === 0) {
        clear();
      }
      return;
    }
    const timer = setTimeout(() => {
      if (!touch) return;
      drawing = { from: touch.from, color: "green", pointerId: touch.pointerId };
      touch = null;
      mark(drawing.from);
    }, LONG_PRESS_MS);
    touch = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, timer, from: square };
  }, { capture: true });

  svg.addEventListener("pointermove", (event) => {
    if (touch && event.pointerId === touch.pointerId &&
        Math.hypot(event.clientX - touch.x, event.clientY - touch.y) > 8) {
      clearTimeout(touch.timer);
      touch = null;
    }
    // While a long press draws, the board's own drag does not run.
    if (drawing && event.pointerId === drawing.pointerId && event.pointerType !== "mouse") event.stopPropagation();
  }, { capture: true });

  const end = (event, cancelled) => {
    if (touch && event.pointerId === touch.pointerId) {
      clearTimeout(touch.timer);
      touch = null;
      if (!cancelled) clear(); // a short tap
      return;
    }
    if (!drawing || event.pointerId !== drawing.pointerId) return;
    const { from, color } = drawing;
    drawing = null;
    mark(null);
    const to = cancelled ? null : at(event);
    if (event.pointerType !== "mouse") event.stopPropagation();
    if (to) intents.shape({ color, from, to });
  };
  svg.addEventListener("pointerup", (event) => end(event, false), { capture: true });
  svg.addEventListener("pointercancel", (event) => end(event, true), { capture: true });

  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && keyStart) {
      keyStart = null;
      mark(null);
    } else if (event.key.toLowerCase() === "s" && !event.metaKey) {
      const square = getState().focus;
      if (!square) return;
      if (!keyStart) {
        keyStart = square;
        mark(square);
      } else {
        const from = keyStart;
        keyStart = null;
        mark(null);
        intents.shape({ color: shapeColor(event), from, to: square });
      }
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  });
}
