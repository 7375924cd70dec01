import { test, expect } from "@playwright/test";
import { clickMove, expectTurns, openPage, expectPiece, screenshot, square } from "./helpers.js";

const text = (page) => page.locator("#cascade-text");
const counter = (page) => page.locator("#step-counter");

test("the cascade of e4 is replayed step by step, forward and back", async ({ page }, testInfo) => {
  await openPage(page);
  await clickMove(page, "e2", "e4");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  // Without autoplay the board shows the end; go to the first step.
  await page.click("#step-first");
  await expect(counter(page)).toHaveText(/^step 1 of \d+$/);
  await expect(text(page)).toContainText("White to play e4 (Ng1-e2, Rh1-g1)");
  await expectPiece(page, "e2", "white pawn");

  await page.click("#step-next"); // the leader
  await expect(text(page)).toContainText("White leads with e4");
  await expectPiece(page, "e4", "white pawn");
  await expectPiece(page, "e2", null);

  await page.click("#step-next"); // e2 is empty: the candidates, and the knight follows
  await expect(text(page)).toHaveText("e2 is empty: Ng1, Bf1, Qd1 and Ke1 can reach it; the knight is the weakest: Ng1-e2.");
  for (const s of ["f1", "d1", "e1"]) await expect(square(page, s)).toHaveClass(/candidate/);
  await expect(square(page, "e2")).toHaveClass(/chosen/);
  await expect(square(page, "g1")).toHaveClass(/moved/);
  await expectPiece(page, "e2", "white knight");
  await screenshot(page, testInfo, "candidates-for-e2");

  // Keyboard: → and ← step too.
  await page.locator("body").press("ArrowRight"); // g1 is empty
  await expect(text(page)).toHaveText("g1 is empty: only Rh1 can reach it: Rh1-g1.");
  await expect(square(page, "g1")).toHaveClass(/chosen/);
  await page.locator("body").press("ArrowRight");
  await expect(text(page)).toContainText("h1 is empty: no unit that has not moved this turn can reach it, so the chain ends");
  await expect(square(page, "h1")).toHaveClass(/vacated/);
  await page.locator("body").press("ArrowLeft");
  await expect(text(page)).toHaveText("g1 is empty: only Rh1 can reach it: Rh1-g1.");
  await expectPiece(page, "g1", "white rook");
  await page.locator("body").press("ArrowLeft");
  await expectPiece(page, "h1", "white rook");

  await page.click("#step-skip");
  await expect(text(page)).toContainText("Black to move");
  await expect(page.locator("#step-next")).toBeDisabled();
  // The live region carries the sentence for screen readers.
  await expect(text(page)).toHaveAttribute("aria-live", "polite");
});

test("play replays the whole cascade by itself and ends on the position", async ({ page }) => {
  await openPage(page, "", { autoplay: true });
  await page.selectOption("#speed", "4");
  await clickMove(page, "e2", "e4");
  await expect(page.locator("#step-play")).toHaveAttribute("aria-label", /Pause/);
  await expect(text(page)).toContainText("Black to move", { timeout: 10_000 });
  await expect(page.locator("#step-play")).toHaveAttribute("aria-label", /Play/);
  await expectPiece(page, "g1", "white rook");
  // Space plays it again from the top.
  await page.locator("body").press(" ");
  await expect(page.locator("#step-play")).toHaveAttribute("aria-label", /Pause/);
  await page.locator("body").press(" ");
  await expect(page.locator("#step-play")).toHaveAttribute("aria-label", /Play/);
});

test("the next player can move while a cascade is still replaying", async ({ page }) => {
  await openPage(page, "", { autoplay: true });
  await clickMove(page, "e2", "e4");
  await expect(page.locator("#step-play")).toHaveAttribute("aria-label", /Pause/);
  await clickMove(page, "e7", "e5");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
});
