// Arrows and circles drawn on the board (right button, long press, keyboard), kept on the
// turn they were drawn at, exported as [%cal] / [%csl], cleared by a plain click.
import { test, expect } from "@playwright/test";
import { openPage, screenshot, square, turnButtons } from "./helpers.js";

async function centre(page, name) {
  const box = await square(page, name).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

async function rightDrag(page, from, to, modifiers = []) {
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.move(...(await centre(page, from)));
  await page.mouse.down({ button: "right" });
  await page.mouse.move(...(await centre(page, to)), { steps: 4 });
  await page.mouse.up({ button: "right" });
  for (const key of modifiers) await page.keyboard.up(key);
}

const pgnText = async (page) => {
  await page.click("#pgn-open");
  // The dialog opens once the PGN writer (the extras package) has written the game.
  await expect(page.locator("#pgn-dialog")).toBeVisible();
  const text = await page.locator("#pgn-text").inputValue();
  await page.click("#pgn-close");
  return text;
};

test("an arrow drawn with the right button is kept on its turn and exported as [%cal]", async ({ page }, testInfo) => {
  const errors = await openPage(page, "#variant=orthodox&m=e2e4&m=e7e5");
  await rightDrag(page, "g1", "f3");
  await expect(page.locator(".board line.shape.green[data-from=g1][data-to=f3]")).toHaveCount(1);
  await rightDrag(page, "f7", "f7", ["Shift"]);
  await expect(page.locator(".board circle.shape.red[data-square=f7]")).toHaveCount(1);
  await rightDrag(page, "d1", "h5", ["Alt"]);
  await expect(page.locator(".board line.shape.blue[data-from=d1][data-to=h5]")).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "arrows-1280");
  expect(await pgnText(page)).toContain("1. e4 e5 {[%csl Rf7] [%cal Gg1f3,Bd1h5]}");

  // The drawing belongs to its turn: gone at the turn before, back at its own.
  await turnButtons(page).first().click();
  await expect(page.locator(".board .shape")).toHaveCount(0);
  await turnButtons(page).nth(1).click();
  await expect(page.locator(".board .shape")).toHaveCount(3);
  // Drawing the same arrow again takes it away; a plain click clears the rest.
  await rightDrag(page, "g1", "f3");
  await expect(page.locator(".board .shape")).toHaveCount(2);
  await square(page, "a3").click();
  await expect(page.locator(".board .shape")).toHaveCount(0);
  expect(await pgnText(page)).not.toContain("[%c");
  expect(errors).toEqual([]);
});

test("the keyboard draws with S on the focused square, a circle when it ends where it began", async ({ page }) => {
  await openPage(page, "#variant=orthodox&m=e2e4");
  await square(page, "e2").focus();
  await page.keyboard.press("s");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("s");
  await expect(page.locator(".board line.shape.green[data-from=e2][data-to=e4]")).toHaveCount(1);
  await page.keyboard.press("s");
  await page.keyboard.press("Shift+S");
  await expect(page.locator(".board circle.shape.red[data-square=e4]")).toHaveCount(1);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a long press and a slide draw an arrow, a tap clears it", async ({ page }, testInfo) => {
    await openPage(page, "#variant=orthodox&m=e2e4");
    const client = await page.context().newCDPSession(page);
    const [x1, y1] = await centre(page, "b8");
    const [x2, y2] = await centre(page, "c6");
    const touch = (type, x, y) => client.send("Input.dispatchTouchEvent", {
      type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }],
    });
    await touch("touchStart", x1, y1);
    await page.waitForTimeout(700);
    await touch("touchMove", (x1 + x2) / 2, (y1 + y2) / 2);
    await touch("touchMove", x2, y2);
    await touch("touchEnd");
    await expect(page.locator(".board line.shape.green[data-from=b8][data-to=c6]")).toHaveCount(1);
    await screenshot(page, testInfo, "arrow-390-touch");
    await square(page, "a4").tap();
    await expect(page.locator(".board .shape")).toHaveCount(0);
  });
});
