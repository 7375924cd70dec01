import { test, expect } from "@playwright/test";
import { clickMove, expectTurns, fen, openPage, expectPiece, screenshot, square } from "./helpers.js";

test("a shared URL opens its game, and the URL follows the game", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
  await clickMove(page, "b2", "b3");
  await expect(page).toHaveURL(/#variant=grolman&m=e2e4%2Cg1e2%2Ch1g1&m=e7e5%2Cg8e7%2Ch8g8&m=b2b3%2C/);
  // The link the button would copy is the same game.
  const shared = await page.evaluate(() => window.grolman.controller.link());
  const other = await page.context().newPage();
  await openPage(other, new URL(shared).hash);
  await expectTurns(other, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)", "b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1)"]);
});

test("a shared URL with a FEN opens that position", async ({ page }) => {
  const start = "4k3/8/b7/8/8/8/4K3/2N5 w - - 0 1";
  await openPage(page, `#variant=grolman&fen=${encodeURIComponent(start)}`);
  expect(await fen(page)).toBe(start);
  await expect(page.locator("#status")).toContainText("White is in check");
  await expect(square(page, "e2")).toHaveClass(/check/);
  await expect(square(page, "e2")).toHaveClass(/leader/);
  await expect(square(page, "c1")).toHaveClass(/leader/);
});

test("a reload keeps the game, and so does opening the page without a fragment", async ({ page }) => {
  await openPage(page);
  await clickMove(page, "e2", "e4");
  await clickMove(page, "d7", "d5");
  await expect(page.locator("#moves button.turn")).toHaveCount(2);
  const turns = await page.locator("#moves button.turn").allTextContents();
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expectTurns(page, turns);
  await page.goto("index.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expectTurns(page, turns);
  await expectPiece(page, "d5", "black pawn");
});

test("a bad FEN in the FEN box is shown inline and the game is kept", async ({ page }, testInfo) => {
  await openPage(page, "#variant=grolman&m=e2e4");
  const before = await fen(page);
  await page.fill("#fen", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  await page.click("#fen-form button[type=submit]");
  await expect(page.locator("#fen-error")).toContainText("fen");
  await screenshot(page, testInfo, "bad-fen-inline");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  await expect(square(page, "e7")).toHaveClass(/leader/);
  // A good one starts a new game of the same variant from it.
  await page.fill("#fen", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  await page.click("#fen-form button[type=submit]");
  await expect(page.locator("#fen-error")).toHaveText("");
  await expect(page.locator("#moves button.turn")).toHaveCount(0);
  await expectPiece(page, "a1", "white rook");
  expect(before).not.toBe(await fen(page));
});

test("a bad FEN in the URL shows an error and leaves a working board", async ({ page }) => {
  const errors = await openPage(page, "#variant=grolman&fen=not%20a%20fen");
  await expect(page.locator("#error")).toBeVisible();
  await expect(page.locator("#error")).toContainText("bad FEN");
  await expectPiece(page, "e1", "white king");
  await clickMove(page, "e2", "e4");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  expect(errors).toEqual([]);
});

test("a bad turn code in the URL keeps the turns before it and says which", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e2e5&m=d7d5");
  await expect(page.locator("#error")).toContainText('Turn 2 of the link ("e2e5")');
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  await expect(square(page, "e7")).toHaveClass(/leader/);
});

test("an unknown variant in the URL is reported", async ({ page }) => {
  await openPage(page, "#variant=shogi");
  await expect(page.locator("#error")).toContainText('unknown variant "shogi"');
  await expect(square(page, "e2")).toHaveClass(/leader/);
});

test("PGN export and import round-trip a game", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5&m=b2b3");
  await page.click("#pgn-open");
  // The dialog opens once the PGN writer (the extras package) has written the game.
  await expect(page.locator("#pgn-dialog")).toBeVisible();
  const pgn = await page.locator("#pgn-text").inputValue();
  expect(pgn).toContain('[Variant "Grolman"]');
  expect(pgn).toContain("1. e4 {(Ng1-e2, Rh1-g1)} e5 {(Ng8-e7, Rh8-g8)}");
  await page.click("#pgn-close");
  await page.click("#new-game");
  await page.click("#new-start");
  await expect(page.locator("#moves button.turn")).toHaveCount(0);
  await page.click("#pgn-open");
  await page.fill("#pgn-text", pgn);
  await page.click("#pgn-import");
  await expect(page.locator("#pgn-dialog")).toBeHidden();
  await expect(page.locator("#moves button.turn")).toHaveCount(3);
  // A broken PGN is reported inside the dialog and changes nothing.
  await page.click("#pgn-open");
  await page.fill("#pgn-text", '[Variant "Grolman"]\n\n1. e9 *');
  await page.click("#pgn-import");
  await expect(page.locator("#pgn-error")).not.toHaveText("");
  await page.click("#pgn-close");
  await expect(page.locator("#moves button.turn")).toHaveCount(3);
});

test("the new game dialog starts any variant from any FEN, and reports a bad one", async ({ page }) => {
  await openPage(page);
  await page.click("#new-game");
  await page.selectOption("#new-variant", "tatarstan");
  await page.fill("#new-fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 X");
  await page.click("#new-start");
  await expect(page.locator("#new-error")).not.toHaveText("");
  await page.fill("#new-fen", "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1");
  await page.click("#new-start");
  await expect(page.locator("#new-dialog")).toBeHidden();
  await expect(page).toHaveURL(/#variant=tatarstan&fen=4k3/);
  await expectPiece(page, "a1", "black knight");
});

test("copy link and PGN copy / paste go through the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openPage(page, "#variant=grolman&m=e2e4");
  await page.click("#copy-link");
  await expect(page.locator("#share-note")).toHaveText("Link copied.");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/index\.html#variant=grolman&m=e2e4%2Cg1e2%2Ch1g1$/);
  await page.click("#pgn-open");
  await page.click("#pgn-copy");
  const pgn = await page.evaluate(() => navigator.clipboard.readText());
  expect(pgn).toContain("1. e4 {(Ng1-e2, Rh1-g1)}");
  await page.fill("#pgn-text", "");
  await page.click("#pgn-paste");
  await expect(page.locator("#pgn-text")).toHaveValue(pgn);
});
