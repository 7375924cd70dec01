// Keyboard alone and screen-reader labels: a turn with a tie, in the element and in the
// playground. Arrows move the focus square, Enter picks and drops, Escape cancels.
import { test, expect } from "@playwright/test";
import { expectTurns, openPage, square } from "./helpers.js";

// After the king leaves e1, both knights (c2, g2) can reach e1: the player chooses.
const TIE = "k7/8/8/8/8/8/2N3N1/4K3 w - - 0 1";

test("the element plays a turn with a tie by keyboard alone and announces every step", async ({ page }) => {
  await page.goto(`embed.html?mode=play&variant=grolman&fen=${encodeURIComponent(TIE)}`);
  const board = page.locator("grolman-board");
  const sq = (name) => board.locator(`.square[data-square="${name}"]`);
  const live = board.locator(".step[aria-live]");
  await expect(board.locator(".frame")).toHaveAttribute("data-state", "ready");
  await expect(sq("e1")).toHaveAttribute("aria-label", "white king on e1, can lead");

  await page.keyboard.press("Tab"); // into the board: the roving focus square
  await expect(sq("e2")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(sq("e1")).toHaveClass(/selected/);
  await expect(sq("f1")).toHaveAttribute("aria-label", /destination/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(live).toContainText("they tie: choose the unit that follows (c2 or g2");
  await expect(sq("c2")).toHaveAttribute("aria-label", /white knight on c2, can be chosen/);
  // Escape gives the turn back.
  await page.keyboard.press("Escape");
  await expect(sq("e1")).toHaveAttribute("aria-label", "white king on e1, can lead");
  await expect(board.locator('.piece[data-square="f1"]')).toHaveCount(0);

  // Again, to d1, and choose the knight on c2 with the keys.
  await page.keyboard.press("ArrowLeft"); // focus f1 -> e1
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(sq("c2")).toHaveClass(/choosable/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await expect(sq("c2")).toBeFocused();
  const announced = [];
  await page.exposeFunction("heard", (text) => announced.push(text));
  await live.evaluate((node) => new MutationObserver(() => window.heard(node.textContent))
    .observe(node, { childList: true, characterData: true, subtree: true }));
  await page.keyboard.press("Enter");
  await expect(live).toHaveText("Kd1 (Nc2-e1). Black to move.", { timeout: 10_000 });
  expect(announced).toEqual([
    "White leads with Kd1: Ke1-d1.",
    "e1 is empty: Nc2 and Ng2 can reach it; two knights tie as the weakest and White chose Nc2-e1.",
    "c2 is empty: no unit that has not moved this turn can reach it, so the chain ends.",
    "Kd1 (Nc2-e1). Black to move.",
  ]);
  await expect(board.locator('.piece[data-square="e1"]')).toHaveAttribute("data-piece", "white knight");
  // The side to move is said once, by the sentence; the status line waits for the game's end.
  await expect(board.locator(".status")).toBeHidden();
});

test("the playground plays a turn with a tie by keyboard alone", async ({ page }) => {
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent(TIE)}`);
  // From the last link of the header one Tab reaches the board: its roving square, not the <svg>.
  await page.locator("#learn-link").focus();
  await page.keyboard.press("Tab");
  await expect(page.locator(".board .square:focus")).toHaveCount(1);
  await square(page, "e1").focus();
  await expect(square(page, "e1")).toHaveAttribute("aria-label", /white king on e1/);
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(square(page, "g2")).toHaveClass(/choosable/);
  for (const key of ["ArrowUp", "ArrowRight", "ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
  await expect(square(page, "g2")).toBeFocused();
  await page.keyboard.press("Enter");
  await expectTurns(page, ["Kd1 (Ng2-e1)"]);
  await expect(page.locator("#cascade-text")).toHaveAttribute("aria-live", "polite");
});

test("the element's promotion choice is reached by keyboard", async ({ page }) => {
  await page.goto(`embed.html?mode=play&variant=grolman&fen=${encodeURIComponent("8/P3k3/8/8/8/8/8/4K3 w - - 0 1")}`);
  const board = page.locator("grolman-board");
  await expect(board.locator(".frame")).toHaveAttribute("data-state", "ready");
  await board.locator('.square[data-square="a7"]').focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  const options = board.locator(".picker-option");
  await expect(options).toHaveCount(4);
  await expect(options.first()).toBeFocused();
  await page.keyboard.press("Escape"); // cancels: the pawn stays
  await expect(board.locator(".picker")).toBeHidden();
  await expect(board.locator('.piece[data-square="a7"]')).toHaveAttribute("data-piece", "white pawn");
  await board.locator('.square[data-square="a7"]').focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab"); // queen, rook, bishop, knight
  await expect(board.getByRole("button", { name: "knight" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(board.locator('.piece[data-square="a8"]')).toHaveAttribute("data-piece", "white knight");
});
