// Shared steps of the browser tests: real Chromium, real wasm, no mocks.
import { expect } from "@playwright/test";

/** Opens the page (with an optional fragment) and waits until the rules are loaded.
 *  Cascades are not replayed automatically unless `autoplay` (tests step through them). */
export async function openPage(page, fragment = "", { autoplay = false } = {}) {
  await page.addInitScript((auto) => {
    if (!localStorage.getItem("grolman.prefs")) {
      localStorage.setItem("grolman.prefs", JSON.stringify({ autoplay: auto }));
    }
  }, autoplay);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`index.html${fragment}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  return errors;
}

export const square = (page, name) => page.locator(`.board .square[data-square="${name}"]`);

/** Click-click: the leader, then its destination. */
export async function clickMove(page, from, to) {
  await square(page, from).click();
  await expect(square(page, from)).toHaveClass(/selected/);
  await square(page, to).click();
}

/** Drag-and-drop with the mouse from one square to another. */
export async function dragMove(page, from, to) {
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

export const turnButtons = (page) => page.locator("#moves button.turn");

export async function expectTurns(page, notations) {
  await expect(turnButtons(page)).toHaveText(notations);
}

/** The piece drawn on a square right now ("white knight"), or null; read in one step, so a
 *  re-render cannot pull the node away mid-read. Prefer expectPiece, which waits. */
export async function pieceOn(page, name) {
  return page.evaluate(
    (square) => document.querySelector(`.board .piece[data-square="${square}"]`)?.dataset.piece ?? null,
    name,
  );
}

/** Waits until the board draws `piece` ("white knight") on a square, or nothing when null.
 *  The board renders at the next animation frame, so this retries like every expect. */
export async function expectPiece(page, name, piece) {
  const node = page.locator(`.board .piece[data-square="${name}"]`);
  if (piece === null) await expect(node).toHaveCount(0);
  else await expect(node).toHaveAttribute("data-piece", piece);
}

export async function fen(page) {
  return page.locator("#fen").inputValue();
}

export async function screenshot(page, testInfo, name) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}
