import { test, expect } from "@playwright/test";
import { expectTurns, openPage, expectPiece, square } from "./helpers.js";

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("a turn is entered by tapping the leader and its destination", async ({ page }, testInfo) => {
    await openPage(page);
    await square(page, "g1").tap();
    await expect(square(page, "g1")).toHaveClass(/selected/);
    await expect(square(page, "f3")).toHaveClass(/dest-move/);
    await square(page, "f3").tap();
    await expectTurns(page, ["Nf3 (Rh1-g1)"]);
    await expectPiece(page, "f3", "white knight");
    await page.screenshot({ path: testInfo.outputPath("phone.png"), fullPage: true });
  });
});

test("the keyboard walks the squares and enters a turn", async ({ page }) => {
  await openPage(page);
  await square(page, "g1").focus();
  await page.keyboard.press("Enter");
  await expect(square(page, "g1")).toHaveClass(/selected/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await expect(square(page, "f3")).toHaveClass(/focused/);
  await page.keyboard.press("Enter");
  await expectTurns(page, ["Nf3 (Rh1-g1)"]);
});

test("a second click puts the picked leader down, a click elsewhere too", async ({ page }) => {
  await openPage(page);
  await square(page, "b1").click();
  await expect(square(page, "b1")).toHaveClass(/selected/);
  await square(page, "b1").click();
  await expect(square(page, "b1")).not.toHaveClass(/selected/);
  await square(page, "b1").click();
  await square(page, "e5").click();
  await expect(square(page, "b1")).not.toHaveClass(/selected/);
  await expect(page.locator("#moves button.turn")).toHaveCount(0);
});
