// Nothing above the board changes when a banner, an error or a prompt appears, so a press lands
// on the square aimed at; at 1280×900 the replay controls stay in view with a prompt open.
import { test, expect } from "@playwright/test";
import { clickMove, expectTurns, openPage, screenshot, square } from "./helpers.js";

test.use({ viewport: { width: 1280, height: 900 } });

const boardTop = async (page) => (await page.locator("#board-host").boundingBox()).y;

test("the board stays put when the check and the checkmate banners appear", async ({ page }, testInfo) => {
  // Orthodox fool's mate: 1.f3 e5 2.g4, then Black gives check and mate with Qh4#.
  await openPage(page, "#variant=orthodox&m=f2f3&m=e7e5&m=g2g4");
  const top = await boardTop(page);
  await clickMove(page, "d8", "h4");
  await expect(page.locator("#status")).toBeVisible();
  await expect(page.locator("#status")).toContainText("heckmate");
  await screenshot(page, testInfo, "mate-banner");
  expect(await boardTop(page)).toBe(top);
  await page.click("#undo");
  await expect(page.locator("#status")).toBeHidden();
  expect(await boardTop(page)).toBe(top);
});

test("the board stays put when an error appears", async ({ page }) => {
  await openPage(page, "#variant=grolman");
  const top = await boardTop(page);
  await page.fill("#fen", "not a fen");
  await page.evaluate(() => window.grolman.controller.ui.errors.show("A test error."));
  await expect(page.locator("#error")).toBeVisible();
  expect(await boardTop(page)).toBe(top);
});

test("a tie prompt neither moves the board nor pushes the replay controls out of view", async ({ page }, testInfo) => {
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent("4k3/8/8/8/8/8/3P4/1N3N1K w - - 0 1")}`);
  const top = await boardTop(page);
  await clickMove(page, "d2", "d4");
  await expect(page.locator("#prompt")).toBeVisible();
  await screenshot(page, testInfo, "tie-prompt");
  expect(await boardTop(page)).toBe(top);
  const controls = await page.locator(".cascade-controls").boundingBox();
  expect(controls.y + controls.height).toBeLessThanOrEqual(900);
  await square(page, "f1").click();
  await expectTurns(page, ["d4 (Nf1-d2)"]);
  expect(await boardTop(page)).toBe(top);
});
