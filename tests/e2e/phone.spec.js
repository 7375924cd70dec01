// On a phone (390×844, touch) every choice over the board can be tapped: the picker fits inside
// the board, which clips what overflows it.
import { test, expect } from "@playwright/test";
import { expectPiece, expectTurns, openPage, screenshot, square } from "./helpers.js";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const FOLLOWER_PROMOTION = "R7/P7/7k/8/8/8/8/4K3 w - - 0 1"; // a8-b8: the a7 pawn follows to a8
const link = `#variant=grolman&fen=${encodeURIComponent(FOLLOWER_PROMOTION)}`;

async function openPicker(page) {
  await square(page, "a8").tap();
  await expect(square(page, "a8")).toHaveClass(/selected/);
  await square(page, "b8").tap();
  await expect(page.locator("#picker")).toBeVisible();
}

test("the follower promotion picker fits in the board on a phone and each option can be tapped", async ({ page }, testInfo) => {
  const errors = await openPage(page, link);
  await openPicker(page);
  await screenshot(page, testInfo, "phone-picker");
  const host = await page.locator("#board-host").boundingBox();
  const buttons = page.locator("#picker button");
  await expect(buttons).toHaveCount(5); // four kinds and Cancel
  for (const box of await Promise.all((await buttons.all()).map((b) => b.boundingBox()))) {
    expect(box.y).toBeGreaterThanOrEqual(host.y);
    expect(box.y + box.height).toBeLessThanOrEqual(host.y + host.height);
    expect(box.x).toBeGreaterThanOrEqual(host.x);
    expect(box.x + box.width).toBeLessThanOrEqual(host.x + host.width);
  }
  // The last kind, the one that fell outside the board before.
  await page.locator('#picker .picker-option[data-role="knight"]').tap();
  await expectTurns(page, ["Rb8 (a7-a8=N)"]);
  await expectPiece(page, "a8", "white knight");
  expect(errors).toEqual([]);
});

test("Cancel in the picker can be tapped on a phone and keeps the position", async ({ page }) => {
  await openPage(page, link);
  await openPicker(page);
  // Inside the board (which clips what overflows it) and a finger's size.
  const host = await page.locator("#board-host").boundingBox();
  const cancel = await page.locator("#picker .picker-cancel").boundingBox();
  expect(cancel.y + cancel.height).toBeLessThanOrEqual(host.y + host.height);
  expect(cancel.height).toBeGreaterThanOrEqual(44);
  await page.locator("#picker .picker-cancel").tap();
  await expect(page.locator("#picker")).toBeHidden();
  await expectPiece(page, "a8", "white rook");
  await expectPiece(page, "a7", "white pawn");
  await expect(page.locator("#moves button.turn")).toHaveCount(0);
});

test("on a phone a tap on the board skips the replay of a turn to its end", async ({ page }) => {
  await openPage(page, "", { autoplay: true });
  await square(page, "e2").tap();
  await square(page, "e4").tap();
  await expect(page.locator("#cascade-note")).toBeVisible();
  await expect(page.locator("#step-counter")).not.toHaveText("step 6 of 6");
  await square(page, "a4").tap();
  await expect(page.locator("#step-counter")).toHaveText("step 6 of 6");
  await expect(page.locator("#cascade-text")).toHaveText("e4 (Ng1-e2, Rh1-g1). White can no longer castle king side. Black to move.");
});

test("on a phone no empty band separates the board from the replay; a check banner takes its place when due", async ({ page }) => {
  await openPage(page, "#variant=orthodox&m=e2e4&m=f7f6");
  const gap = async () => (await page.locator(".cascade").boundingBox()).y
    - ((await page.locator("#board-host").boundingBox()).y + (await page.locator("#board-host").boundingBox()).height);
  expect(await gap()).toBeLessThan(20);
  await square(page, "d1").tap();
  await square(page, "h5").tap();
  await expect(page.locator("#status")).toContainText("in check");
  const status = await page.locator("#status").boundingBox();
  const host = await page.locator("#board-host").boundingBox();
  expect(status.y).toBeGreaterThan(host.y + host.height - 1);
  expect(status.y).toBeLessThan(host.y + host.height + 20);
});
