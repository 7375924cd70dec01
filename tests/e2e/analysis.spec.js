// The analysis panel: off by default, the A key turns it on, the engine in its worker shows
// an evaluation bar and three lines with their depth, and they follow the board.
import { test, expect } from "@playwright/test";
import { openPage, screenshot, turnButtons } from "./helpers.js";

test("the analysis panel shows three lines with their depth and moves with the board", async ({ page }, testInfo) => {
  const errors = await openPage(page, "#variant=orthodox&m=e2e4&m=e7e5");
  await expect(page.locator("#analysis-panel")).toBeHidden();
  await page.locator("body").press("a");
  await expect(page.locator("#analysis-panel")).toBeVisible();
  const lines = page.locator("#analysis-lines li");
  await expect(lines).toHaveCount(3, { timeout: 15_000 });
  await expect(page.locator("#analysis-depth")).toHaveText(/Depth \d+/);
  // White to move after 1. e4 e5: every line starts with White's second move.
  await expect(lines.first().locator(".analysis-turns")).toHaveText(/^2\./);
  const bests = await lines.evaluateAll((items) => items.map((li) => li.dataset.best));
  expect(new Set(bests).size).toBe(3);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "analysis-1280");

  // One turn back: Black to move, and the lines are Black's.
  await turnButtons(page).first().click();
  await expect(lines.first().locator(".analysis-turns")).toHaveText(/^1\.\.\./, { timeout: 15_000 });
  await expect(lines).toHaveCount(3);
  await expect(page.locator("#eval-bar")).toHaveAttribute("aria-valuetext", /for White/);

  await page.locator("body").press("a");
  await expect(page.locator("#analysis-panel")).toBeHidden();
  expect(errors).toEqual([]);
});
