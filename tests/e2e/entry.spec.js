// Turn entry (web/game/entry.js, shared by the playground and <grolman-board>), and what the
// page asks of the wasm facade instead of working it out: variant names, move numbers.
import { test, expect } from "@playwright/test";
import { clickMove, expectPiece, expectTurns, fen, openPage, screenshot, square, turnButtons } from "./helpers.js";

// a8-b8: the a7 pawn follows onto a8 and promotes, so the picker opens.
const PROMOTION = "R7/P7/7k/8/8/8/8/4K3 w - - 0 1";
// d2-d4: both knights (b1, f1) can reach d2, so the player chooses.
const TIE = "4k3/8/8/8/8/8/3P4/1N3N1K w - - 0 1";
const CASTLING = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
const picker = (page) => page.locator("#picker");
const option = (page, role) => page.locator(`#picker .picker-option[data-role="${role}"]`);

async function openPromotion(page) {
  await clickMove(page, "a8", "b8");
  await expect(picker(page)).toBeVisible();
}

test.describe("a choice left open closes with the position", () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page, `#variant=grolman&fen=${encodeURIComponent(PROMOTION)}`);
    await openPromotion(page);
  });

  test("Load FEN closes the promotion picker, and the next one works", async ({ page }) => {
    await page.fill("#fen", PROMOTION);
    await page.press("#fen", "Enter");
    await expect(picker(page)).toBeHidden();
    await expect(page.locator("#prompt")).toBeHidden();
    await openPromotion(page);
    await option(page, "queen").click();
    await expectTurns(page, ["Rb8 (a7-a8=Q)"]);
    await expect(page.locator("#error")).toBeHidden();
  });

  test("a new game from the dialog closes the promotion picker", async ({ page }) => {
    await page.click("#new-game");
    await page.click("#new-start");
    await expect(picker(page)).toBeHidden();
    await expect(page.locator("#prompt")).toBeHidden();
    await clickMove(page, "e2", "e4");
    await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  });

  test("a PGN import closes the promotion picker", async ({ page }) => {
    await page.click("#pgn-open");
    await page.fill("#pgn-text", '[Variant "Grolman"]\n\n1. e4 (Ng1-e2, Rh1-g1) *');
    await page.click("#pgn-import");
    await expect(picker(page)).toBeHidden();
    await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  });

  test("a changed URL closes the promotion picker", async ({ page }) => {
    await page.evaluate(() => { location.hash = "#variant=grolman&m=e2e4"; });
    await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
    await expect(picker(page)).toBeHidden();
    await expect(page.locator("#prompt")).toBeHidden();
  });
});

test("a tie asked again after loading the same position is not dropped", async ({ page }) => {
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent(TIE)}`);
  await clickMove(page, "d2", "d4");
  await expect(square(page, "b1")).toHaveClass(/choosable/);
  await page.fill("#fen", TIE);
  await page.press("#fen", "Enter");
  await expect(page.locator("#prompt")).toBeHidden();
  await clickMove(page, "d2", "d4");
  await expect(square(page, "b1")).toHaveClass(/choosable/);
  await expect(page.locator("#prompt")).toContainText("they tie");
  await expectPiece(page, "d4", "white pawn"); // the board still shows the turn being entered
  await square(page, "b1").click();
  await expectTurns(page, ["d4 (Nb1-d2)"]);
});

test("looking back at an earlier turn while a tie is open stays on that turn", async ({ page }) => {
  const blackFirst = TIE.replace(" w ", " b ");
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent(blackFirst)}&m=e8e7`);
  await clickMove(page, "d2", "d4");
  await expect(square(page, "b1")).toHaveClass(/choosable/);
  await page.click("#turn-prev");
  await expect(page.locator("#prompt")).toContainText("Viewing the start");
  await expectPiece(page, "e8", "black king");
  await expectPiece(page, "d2", "white pawn");
  await expect(square(page, "b1")).not.toHaveClass(/choosable/);
});

test("a tie is announced, the cascade line waits, and focus returns to the board after the picker", async ({ page }) => {
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent(TIE)}`);
  await expect(page.locator("#prompt")).toHaveAttribute("aria-live", "polite");
  await clickMove(page, "d2", "d4");
  await expect(page.locator("#prompt")).toContainText("d2 is empty: Nb1 and Nf1 can reach it, and they tie");
  await expect(page.locator("#cascade-text")).not.toContainText("Pick a unit to lead");
  await page.keyboard.press("Escape");
  await expect(page.locator("#cascade-text")).toContainText("Pick a unit to lead");

  // The promotion picker chosen by keyboard: the focus goes back to a square of the board.
  await page.fill("#fen", PROMOTION);
  await page.press("#fen", "Enter");
  await openPromotion(page);
  await expect(page.locator("#cascade-text")).not.toContainText("Pick a unit to lead");
  await expect(option(page, "queen")).toBeFocused();
  await page.keyboard.press("Enter");
  await expectTurns(page, ["Rb8 (a7-a8=Q)"]);
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest?.(".board")))).toBe(true);
});

test("looking back, the FEN box shows the position on the board", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  const live = await fen(page);
  const [afterFirst] = await page.evaluate(async () => {
    // The rules package as a module of the test's own (the page's copy is inside its bundle).
    const rules = await import("/pkg/grolman.js");
    await rules.default();
    const game = new rules.Game("grolman");
    return [game.play("e2e4").fen];
  });
  await turnButtons(page).first().click();
  await expect(page.locator("#fen")).toHaveValue(afterFirst);
  await page.click("#turn-first");
  await expect(page.locator("#fen")).not.toHaveValue(live);
  await page.click("#turn-last");
  await expect(page.locator("#fen")).toHaveValue(live);
});

test("the viewed turn is counted in full moves, as the move list numbers them", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5&m=d2d4");
  await turnButtons(page).nth(1).click();
  await expect(page.locator("#prompt")).toContainText("Viewing move 1 (Black) of 2");
  await expect(page.locator("#moves li")).toHaveCount(2);
});

test("castling by clicking the king and then its own rook", async ({ page }) => {
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent(CASTLING)}`);
  await clickMove(page, "e1", "h1");
  await expectTurns(page, ["O-O"]);
  await expectPiece(page, "g1", "white king");
  await page.click("#undo");
  await clickMove(page, "e1", "g1"); // the king's own destination still works
  await expectTurns(page, ["O-O"]);
});

test("variant aliases and capitals in a link open the variant", async ({ page }) => {
  await openPage(page, "#variant=kazan&m=e2e4");
  await expect(page.locator("#variant-name")).toHaveText("Grolman chess");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  await expect(page.locator("#error")).toBeHidden();
  await page.goto("index.html#variant=Grolman&m=e2e4");
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("#variant-name")).toHaveText("Grolman chess");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
});

test.describe("the element", () => {
  const element = (page) => page.locator("grolman-board");
  const ready = (page) => expect(element(page).locator(".frame")).toHaveAttribute("data-state", "ready");

  test("a play board says once who is to move and offers no replay before a turn", async ({ page }, testInfo) => {
    await page.goto("embed.html?mode=play&variant=grolman");
    await ready(page);
    const board = element(page);
    await expect(board.locator(".counter")).toHaveText("");
    await expect(board.locator(".controls button", { hasText: "Play" })).toBeDisabled();
    const text = await board.locator(".frame").innerText();
    expect(text.match(/White to move/g)).toHaveLength(1);
    await screenshot(page, testInfo, "element-play");
  });

  test("a play board castles by the king onto its rook", async ({ page }) => {
    await page.goto(`embed.html?mode=play&variant=grolman&fen=${encodeURIComponent(CASTLING)}`);
    await ready(page);
    const sq = (name) => element(page).locator(`.square[data-square="${name}"]`);
    await sq("e1").click();
    await expect(sq("e1")).toHaveClass(/selected/);
    await sq("h1").click();
    await expect(element(page).locator(".step")).toContainText("O-O. White can no longer castle king side. Black to move.", { timeout: 10_000 });
    await expect(element(page).locator('.piece[data-square="g1"]')).toHaveAttribute("data-piece", "white king");
  });

  test("on a phone the element's promotion picker fits inside its board", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`embed.html?mode=play&variant=grolman&fen=${encodeURIComponent(PROMOTION)}`);
    await ready(page);
    const sq = (name) => element(page).locator(`.square[data-square="${name}"]`);
    await sq("a8").tap();
    await sq("b8").tap();
    const pick = element(page).locator(".picker");
    await expect(pick).toBeVisible();
    const board = await element(page).locator(".board-host").boundingBox();
    const box = await pick.boundingBox();
    expect(box.y).toBeGreaterThanOrEqual(board.y);
    expect(box.y + box.height).toBeLessThanOrEqual(board.y + board.height);
    await element(page).locator('.picker-option[data-role="knight"]').tap();
    await expect(element(page).locator('.piece[data-square="a8"]')).toHaveAttribute("data-piece", "white knight");
    await context.close();
  });

  test("a replay board lists its turns, and a click on one replays it", async ({ page }, testInfo) => {
    await page.goto("embed.html?mode=replay&variant=Kazan&moves=e2e4+e7e5");
    await ready(page);
    const turns = element(page).locator(".moves button.turn");
    await expect(turns).toHaveText(["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
    await expect(element(page).locator(".moves .move-number")).toHaveText(["1."]);
    await turns.nth(1).click();
    await expect(element(page).locator(".step")).toHaveText("Black to play e5 (Ng8-e7, Rh8-g8).");
    await expect(turns.nth(1)).toHaveAttribute("aria-current", "step");
    await screenshot(page, testInfo, "element-replay");
  });
});
