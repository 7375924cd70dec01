import { test, expect } from "@playwright/test";
import {
  clickMove, dragMove, expectTurns, fen, openPage, expectPiece, screenshot, square, turnButtons,
} from "./helpers.js";

test("a Grolman game is played by clicking and dragging, with the rules' notation", async ({ page }, testInfo) => {
  const errors = await openPage(page);
  // The units that can lead are marked.
  await expect(square(page, "g1")).toHaveClass(/leader/);
  await expect(square(page, "e2")).toHaveClass(/leader/);
  await expect(square(page, "e1")).not.toHaveClass(/leader/);

  await square(page, "e2").click();
  await expect(square(page, "e4")).toHaveClass(/dest-move/);
  await expect(square(page, "e3")).toHaveClass(/dest-move/);
  await square(page, "e4").click();
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  // The last turn stays highlighted.
  await expect(square(page, "e2")).toHaveClass(/last/);
  await expect(square(page, "e4")).toHaveClass(/last/);
  await expectPiece(page, "e2", "white knight");
  await expectPiece(page, "g1", "white rook");
  await expectPiece(page, "h1", null);

  await clickMove(page, "e7", "e5");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);

  await dragMove(page, "b2", "b3");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)", "b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1)"]);
  expect(await fen(page)).toBe("rnbqkbr1/ppppnppp/8/4p3/4P3/1P6/PBPPBPPP/RNNQKR2 b Qq - 0 2");
  await screenshot(page, testInfo, "after-three-turns");

  await page.click("#undo");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
  await expectPiece(page, "b2", "white pawn");
  expect(errors).toEqual([]);
});

test("a turn in the move list is gone to, played from, and the board returns to the line's end", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
  await page.locator("#moves button.turn").first().click();
  await expect(page.locator("#moves button.turn").first()).toHaveAttribute("aria-current", "step");
  // At an earlier turn: its final position, and Black may lead from it (a side line).
  await expectPiece(page, "e5", null);
  await expectPiece(page, "e7", "black pawn");
  await expect(square(page, "d7")).toHaveClass(/leader/);
  await page.click("#turn-last");
  await expectPiece(page, "e5", "black pawn");
  await expect(square(page, "d2")).toHaveClass(/leader/);
});

test("squares carry ARIA labels naming the unit on them", async ({ page }) => {
  await openPage(page);
  await expect(square(page, "g1")).toHaveAttribute("aria-label", /^white knight on g1, can lead/);
  await expect(square(page, "e8")).toHaveAttribute("aria-label", /^black king on e8/);
  await expect(square(page, "e4")).toHaveAttribute("aria-label", /^empty e4/);
  await page.click("#flip");
  const e8 = await square(page, "e8").boundingBox();
  const e1 = await square(page, "e1").boundingBox();
  expect(e8.y).toBeGreaterThan(e1.y);
});

test("a game ends with the banner of the rules' status message", async ({ page }) => {
  // Orthodox fool's mate: the last move is played by clicking.
  await openPage(page, "#variant=orthodox&m=f2f3&m=e7e5&m=g2g4");
  await clickMove(page, "d8", "h4");
  await expect(page.locator("#status")).toBeVisible();
  await expect(page.locator("#status")).toContainText("Black wins by checkmate");
  await expect(turnButtons(page).last()).toHaveText("Qh4#");
});

test("a press on the board at an earlier turn plays from there, starting a side line", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  await page.click("#turn-first");
  await expect(page.locator("#prompt")).toContainText("Viewing the start of 1 move");
  await expectPiece(page, "e4", null);
  await page.locator("body").press("ArrowDown");
  await expect(page.locator("#prompt")).toContainText("Viewing move 1 (White) of 1");
  await square(page, "d7").click(); // Black is to move here: d7 is picked at once
  await expect(square(page, "d7")).toHaveClass(/selected/);
  await square(page, "d5").click();
  await expectPiece(page, "d5", "black pawn");
  await expectPiece(page, "e5", null);
  await expect(page.locator("#moves > li.move-row button.turn")).toHaveText(["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
  await expect(page.locator("#moves .side-line button.turn")).toHaveCount(1);
});
