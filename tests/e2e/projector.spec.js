// Projector mode: a large board, the turn list beside it, and a presenter's clicker
// (Page Down / Page Up through cascade steps and turns, B blanks the screen).
import { test, expect } from "@playwright/test";
import { openPage, screenshot, turnButtons } from "./helpers.js";

test.use({ viewport: { width: 1920, height: 1080 } });

test("projector mode grows the board and the clicker keys walk steps and turns", async ({ page }, testInfo) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  const before = (await page.locator("#board-host").boundingBox()).width;
  await page.locator("body").press("p");
  await expect(page.locator("body")).toHaveClass(/projector/);
  await expect.poll(async () => (await page.locator("#board-host").boundingBox()).width).toBeGreaterThan(before + 150);
  const board = await page.locator("#board-host").boundingBox();
  const moves = await page.locator("#moves").boundingBox();
  expect(moves.x).toBeGreaterThan(board.x + board.width - 1); // the turn list beside the board
  await expect(page.locator("#computer-side")).toBeHidden();

  await turnButtons(page).first().click();
  await page.locator("body").press("Home");
  await expect(page.locator("#step-counter")).toHaveText(/^step 1 of \d+$/);
  const steps = Number((await page.locator("#step-counter").textContent()).split(" of ")[1]);
  await page.keyboard.press("PageDown");
  await expect(page.locator("#step-counter")).toHaveText(`step 2 of ${steps}`);
  for (let i = 2; i < steps; i += 1) await page.keyboard.press("PageDown");
  await expect(page.locator("#step-counter")).toHaveText(`step ${steps} of ${steps}`);
  await page.keyboard.press("PageDown"); // past the last step: the next turn, from its first step
  await expect(turnButtons(page).nth(1)).toHaveAttribute("aria-current", "step");
  await expect(page.locator("#step-counter")).toHaveText(/^step 1 of \d+$/);
  await page.keyboard.press("PageUp"); // before the first step: the turn before, at its end
  await expect(turnButtons(page).first()).toHaveAttribute("aria-current", "step");
  await expect(page.locator("#step-counter")).toHaveText(`step ${steps} of ${steps}`);
  await screenshot(page, testInfo, "projector-1920");

  await page.keyboard.press("b");
  await expect(page.locator("#blank")).toBeVisible();
  await page.keyboard.press("b");
  await expect(page.locator("#blank")).toBeHidden();
  await page.locator("body").press("p");
  await expect(page.locator("body")).not.toHaveClass(/projector/);
});
