import { test, expect } from "@playwright/test";
import { clickMove, expectTurns, fen, openPage, expectPiece, screenshot, square } from "./helpers.js";

const TWO_ROOKS = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
const PROMOTION = "8/P3k3/8/8/8/8/8/4K3 w - - 0 1";
const OWNER_PROMOTION = "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1";
const link = (variant, fenText, ...moves) =>
  `#variant=${variant}&fen=${encodeURIComponent(fenText)}${moves.map((m) => `&m=${m}`).join("")}`;

test("a tie between two rooks is settled by clicking one of them", async ({ page }, testInfo) => {
  await openPage(page, link("grolman", TWO_ROOKS));
  await clickMove(page, "e1", "e2");
  // e1 is empty and both rooks reach it: the board asks.
  await expect(page.locator("#prompt")).toBeVisible();
  await expect(page.locator("#prompt")).toContainText("e1 is empty");
  await expect(square(page, "e1")).toHaveClass(/vacated/);
  await expect(square(page, "a1")).toHaveClass(/choosable/);
  await expect(square(page, "h1")).toHaveClass(/choosable/);
  await expectPiece(page, "e2", "white king");
  await screenshot(page, testInfo, "tie-between-rooks");
  await square(page, "h1").click();
  await expectTurns(page, ["Ke2 (Rh1-e1)"]);
  await expect(page.locator("#prompt")).toBeHidden();
  await expectPiece(page, "e1", "white rook");
  await expectPiece(page, "a1", "white rook");
  // The replay says that the player chose.
  await page.click("#step-first");
  await page.locator("body").press("ArrowRight");
  await page.locator("body").press("ArrowRight");
  await expect(page.locator("#cascade-text")).toContainText("two rooks tie as the weakest and White chose Rh1-e1");
});

test("Escape cancels a tie and leaves the position as it was", async ({ page }) => {
  await openPage(page, link("grolman", TWO_ROOKS));
  await clickMove(page, "e1", "e2");
  await expect(page.locator("#prompt")).toBeVisible();
  await page.locator("body").press("Escape");
  await expect(page.locator("#prompt")).toBeHidden();
  await expectPiece(page, "e1", "white king");
  await expect(page.locator("#moves button.turn")).toHaveCount(0);
});

test("a pawn promotes through the picker", async ({ page }, testInfo) => {
  await openPage(page, link("grolman", PROMOTION));
  await clickMove(page, "a7", "a8");
  await expect(page.locator("#picker")).toBeVisible();
  await expect(page.locator("#picker .picker-option")).toHaveCount(4);
  await screenshot(page, testInfo, "promotion-picker");
  await page.locator('#picker .picker-option[data-role="knight"]').click();
  await expectTurns(page, ["a8=N"]);
  await expectPiece(page, "a8", "white knight");
  expect(await fen(page)).toMatch(/^N7\/4k3\//);
});

test("a pawn that follows onto its last rank promotes through the picker", async ({ page }) => {
  await openPage(page, link("grolman", "1N2k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
  await clickMove(page, "b8", "c6");
  await expect(page.locator("#prompt")).toContainText("b8 is empty: only the b7 pawn can reach it");
  await expect(page.locator("#picker .picker-option")).toHaveCount(4);
  await page.locator('#picker .picker-option[data-role="rook"]').click();
  await expectTurns(page, ["Nc6 (b7-b8=R)+"]);
  await expectPiece(page, "b8", "white rook");
});

test("Tatarstan: the owner chooses a promotion made by transformation, and the waves are shown", async ({ page }, testInfo) => {
  await openPage(page, link("tatarstan", OWNER_PROMOTION));
  await clickMove(page, "e1", "f2");
  await expect(page.locator("#picker")).toBeVisible();
  await expect(page.locator("#picker .picker-title")).toContainText("Black chooses");
  // Queen is not offered: it would attack f2 (the turn would be illegal).
  await expect(page.locator('#picker .picker-option[data-role="queen"]')).toHaveCount(0);
  await page.locator('#picker .picker-option[data-role="rook"]').click();
  await expectTurns(page, ["Kf2 [a1=R]"]);
  await expectPiece(page, "a1", "black rook");

  // Replay: the pawn stage shows an arrow from the defender to the defended unit and the change.
  await page.click("#step-first");
  let found = false;
  for (let i = 0; i < 10 && !found; i++) {
    await page.click("#step-next");
    found = /Pawn stage, wave 1/.test(await page.locator("#cascade-text").textContent());
  }
  expect(found).toBe(true);
  await expect(page.locator("#cascade-text")).toContainText("the b2 pawn defends Na1");
  await expect(page.locator(".board .arrow[data-from='b2'][data-to='a1']")).toHaveCount(1);
  await expect(page.locator(".board .label[data-square='a1']")).toHaveText("N→P=R");
  await expect(square(page, "a1")).toHaveClass(/transformed/);
  await screenshot(page, testInfo, "tatarstan-pawn-stage");
});

test("Tatarstan: the opening turn transforms both armies, wave by wave", async ({ page }) => {
  await openPage(page, "#variant=tatarstan");
  await clickMove(page, "e2", "e4");
  const notation = await page.locator("#moves button.turn").first().textContent();
  expect(notation).toMatch(/^e4 \(Ng1-e2, Rh1-g1\) \[.+\]$/);
  await page.click("#step-first");
  let waves = 0;
  for (let i = 0; i < 60; i++) {
    const kind = await page.locator("#cascade-text").getAttribute("data-step");
    if (kind === "wave") {
      waves += 1;
      expect(await page.locator(".board .arrow").count()).toBeGreaterThan(0);
      expect(await page.locator(".board .label").count()).toBeGreaterThan(0);
    }
    if (kind === "end") break;
    await page.click("#step-next");
  }
  expect(waves).toBeGreaterThan(0);
});
