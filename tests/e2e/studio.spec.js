// The composer's studio beyond the editor: the solution as a tree whose moves put their
// position on the board, a link that opens and solves a problem, the Stipulation field, and the
// publication text. Real Chromium, real wasm, the solver in its worker.
import { expect, test } from "@playwright/test";
import { expectPiece, openPage, turnButtons } from "./helpers.js";

// Grolman chess, from the solver's tests: 1.Kb3 (Na5-c4)! threat: 2.Rf1#.
const TWINS = [
  "BeginProblem", "Title Grolman twins", "Condition GrolmanChess",
  "Pieces White Kc4 Rf6 Bg4 Sa5 Black Kb1 Pa6c7", "Stipulation #2", "Twin Move a5 b7", "EndProblem",
].join("\n");
const tree = (page) => page.locator("#solution-tree");
const progress = (page) => page.locator("#solve-progress");

test("a link opens a problem and solves it; the tree's moves put their positions on the board", async ({ page }) => {
  const errors = await openPage(page, `#problem=${encodeURIComponent(TWINS)}`);
  await expect(progress(page)).toContainText("a) #2 sound; b) #2 no solution", { timeout: 15_000 });
  const key = tree(page).getByRole("button", { name: "1.Kb3 (Na5-c4)!" });
  await expect(key).toBeVisible();
  await expect(tree(page).locator(".twin")).toHaveCount(2);

  // The key: the twin's position with the key played, its cascade replayed.
  await key.click();
  await expect(turnButtons(page)).toHaveCount(1);
  await expectPiece(page, "b3", "white king");
  await expectPiece(page, "c4", "white knight");
  await expect(page.locator("#fen")).toHaveValue("8/2p5/p4R2/8/2N3B1/1K6/8/1k6 b - - 1 1");
  // A defence and its mate: the line from the diagram.
  await tree(page).getByRole("button", { name: "1...c5" }).click();
  await expect(turnButtons(page)).toHaveCount(2);
  await expectPiece(page, "c5", "black pawn");
  // The arrow keys walk the tree in reading order: the mate after 1...c5, then back up.
  await page.keyboard.press("ArrowDown");
  await expect(tree(page).locator("button[aria-current]")).toHaveText("2.Rf1#");
  await expect(turnButtons(page)).toHaveCount(3);
  await expectPiece(page, "f1", "white rook");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowUp");
  await expect(tree(page).locator("button[aria-current]")).toHaveText("1...c6");
  await expect(turnButtons(page)).toHaveCount(2);
  await expectPiece(page, "c6", "black pawn");
  await expectPiece(page, "f6", "white rook");
  // The threat is shown on the position after the key with Black passing.
  await tree(page).locator("button.threat").click();
  await expect(turnButtons(page)).toHaveCount(1);
  await expectPiece(page, "f1", "white rook");
  await expectPiece(page, "b3", "white king");
  await page.screenshot({ path: "/tmp/studio-shots/tree-1280.png" });
  // The twin's own position.
  await tree(page).getByRole("button", { name: /^b\)/ }).click();
  await expectPiece(page, "b7", "white knight");
  await expectPiece(page, "a5", null);
  expect(errors).toEqual([]);
});

test("a pass of Option NullMoves shows its position with the other side to move, and the play after it", async ({ page }) => {
  // From the solver's tests (crates/grolman-engine/tests/options.rs): 1.Ra4# at once, and the
  // try 1.--? threat: 2.Ra4#, but 1...b5!
  const problem = ["BeginProblem", "Pieces White Kc7 Rg4 Bd7 Black Ka6 Pb7", "Stipulation #2", "Option Try NullMoves", "EndProblem"].join("\n");
  const errors = await openPage(page, `#problem=${encodeURIComponent(problem)}`);
  await expect(progress(page)).toContainText("#2", { timeout: 15_000 });
  // The try's item: the pass's path is a PASS alone.
  const item = tree(page).locator('li:has(> button.try[data-path="[null]"])');
  await item.getByRole("button", { name: "1.--?" }).click();
  await expect(page.locator("#fen")).toHaveValue(/ b /);
  await expectPiece(page, "g4", "white rook");
  // The threat: after White's pass and Black's, 2.Ra4#.
  await item.locator("> button.threat").click();
  await expectPiece(page, "a4", "white rook");
  await expect(turnButtons(page)).toHaveCount(1);
  // The refutation, played on the position after the pass.
  await item.getByRole("button", { name: "1...b5!" }).click();
  await expectPiece(page, "b5", "black pawn");
  await expectPiece(page, "g4", "white rook");
  await expect(page.locator("#solve-error")).toHaveText("");
  expect(errors).toEqual([]);
});

test("the publication text has the usual layout, in English letters or figurines", async ({ page }) => {
  await openPage(page, `#problem=${encodeURIComponent(TWINS)}`);
  const text = page.locator("#solution-text");
  await expect(text).toContainText("1.Kb3 (Na5-c4)! threat: 2.Rf1#", { timeout: 15_000 });
  await expect(text).toContainText("   1...c5 2.Rf1#");
  await page.locator("#solution-notation").selectOption("figurines");
  await expect(text).toContainText("1.♔b3 (♘a5-c4)! threat: 2.♖f1#");
  // The heading keeps its FEN as written.
  await expect(text).toContainText("grolman #2  8/2p5/p4R2/N7/2K3B1/8/8/1k6 w - - 0 1");
});

test("Solve solves the stipulation shown, with its progress", async ({ page }) => {
  await openPage(page, `#variant=tatarstan&fen=${encodeURIComponent("7k/5K2/8/8/8/7B/8/3R4 w - - 0 1")}`);
  await page.locator("#solve-panel").evaluate((details) => { details.open = true; });
  await expect(page.locator("#solve-text")).toHaveValue("tatarstan 7k/5K2/8/8/8/7B/8/3R4 w - - 0 1 #2");
  // The field rewrites the problem the panel wrote from the board.
  await page.fill("#solve-stipulation", "#1");
  await expect(page.locator("#solve-text")).toHaveValue("tatarstan 7k/5K2/8/8/8/7B/8/3R4 w - - 0 1 #1");
  await page.click("#solve-start");
  await expect(progress(page)).toContainText("#1 cooked", { timeout: 15_000 });
  // A problem typed in keeps its own, and the field says so.
  await page.fill("#solve-text", "grolman 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1");
  await expect(page.locator("#solve-stipulation-note")).toHaveText("(the problem's own applies)");
  // A long solve shows the positions searched and the first move being tried while it runs.
  await page.fill("#solve-text", "tatarstan rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 #3");
  await page.click("#solve-start");
  await expect(progress(page)).toContainText(/Solving… \d+\.\d s · \d+(\.\d)?( k| M)? positions · trying \S.* \(\d+ of 20\)$/, { timeout: 10_000 });
  await page.click("#solve-cancel");
  await expect(progress(page)).toHaveAttribute("data-state", "cancelled");
});

test("solve from the editor: the stipulation travels with the position", async ({ page }) => {
  await openPage(page, `#edit&variant=grolman&fen=${encodeURIComponent("7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1")}`);
  await page.fill("#editor-stipulation", "#1");
  await page.click("#editor-solve");
  await expect(progress(page)).toContainText("#1 sound", { timeout: 15_000 });
  await expect(tree(page).getByRole("button", { name: "1.Ra8 (Bb2-a1)#!" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("the tree's moves answer taps", async ({ page }) => {
    await openPage(page, `#problem=${encodeURIComponent(TWINS)}`);
    const key = tree(page).getByRole("button", { name: "1.Kb3 (Na5-c4)!" });
    await expect(key).toBeVisible({ timeout: 15_000 });
    await key.scrollIntoViewIfNeeded();
    await expect(page.locator("#board-host")).not.toBeInViewport();
    await key.tap();
    await expectPiece(page, "b3", "white king");
    // The board, above the panel, comes back into sight to show the move.
    await expect(page.locator("#board-host")).toBeInViewport();
    await key.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/studio-shots/tree-390.png" });
  });
});
