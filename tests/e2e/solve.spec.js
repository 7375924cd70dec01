// The Solve panel: problems solved in the engine worker (real wasm), with elapsed time,
// cancel, and errors in the panel; the game on the board is never touched.
import { test, expect } from "@playwright/test";
import { clickMove, openPage, screenshot, turnButtons } from "./helpers.js";

const progress = (page) => page.locator("#solve-progress");
const output = (page) => page.locator("#solve-output");

async function solve(page, text) {
  await page.locator("#solve-panel").evaluate((details) => { details.open = true; });
  await page.fill("#solve-text", text);
  await page.click("#solve-start");
}

test("a Grolman mate in one is solved and its key shown", async ({ page }, testInfo) => {
  const errors = await openPage(page);
  // The mate of crates/grolman-engine/tests/mates.rs: Ra8 draws the bishop after it.
  await solve(page, "grolman 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1");
  await expect(progress(page)).toHaveAttribute("data-state", "done", { timeout: 10_000 });
  await expect(progress(page)).toContainText("#1 sound");
  await expect(output(page)).toContainText("1.Ra8 (Bb2-a1)#!");
  await expect(output(page)).toContainText("1 key: sound");
  await screenshot(page, testInfo, "solved-mate-in-one");
  expect(errors).toEqual([]);
});

test("the position on the board fills the problem, twins in Popeye input are solved", async ({ page }) => {
  await openPage(page, `#variant=tatarstan&fen=${encodeURIComponent("7k/5K2/8/8/8/7B/8/3R4 w - - 0 1")}`);
  await page.locator("#solve-panel").evaluate((details) => { details.open = true; });
  await page.fill("#solve-stipulation", "#1");
  await page.click("#solve-fill");
  await expect(page.locator("#solve-text")).toHaveValue("tatarstan 7k/5K2/8/8/8/7B/8/3R4 w - - 0 1 #1");
  await page.click("#solve-start");
  // A direct mate counts keys: two keys, not "2 solutions".
  await expect(progress(page)).toContainText("cooked (2 keys, 1 intended)", { timeout: 10_000 });
  await expect(output(page)).toContainText("1.Rd3 [h3=R]#!");

  await solve(page, [
    "BeginProblem", "Title Grolman twins", "Condition GrolmanChess",
    "Pieces White Kc4 Rf6 Bg4 Sa5 Black Kb1 Pa6c7", "Stipulation #2", "Twin Move a5 b7", "EndProblem",
  ].join("\n"));
  await expect(progress(page)).toContainText("a) #2 sound; b) #2 no solution", { timeout: 10_000 });
  await expect(output(page)).toContainText("1.Kb3 (Na5-c4)! threat: 2.Rf1#");
});

test("a long solve is cancelled and the page goes on working", async ({ page }, testInfo) => {
  const errors = await openPage(page);
  // Mate in three from the Tatarstan opening: far beyond any time limit.
  await solve(page, "tatarstan rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 #3");
  await expect(progress(page)).toHaveAttribute("data-state", "running");
  await expect(page.locator("#solve-start")).toBeDisabled();
  await expect(progress(page)).toContainText(/Solving… [1-9]\.\d s/, { timeout: 5_000 });
  // The board answers while the solver runs.
  await clickMove(page, "e2", "e4");
  await expect(turnButtons(page)).toHaveCount(1);
  await page.click("#solve-cancel");
  await expect(progress(page)).toHaveAttribute("data-state", "cancelled");
  await expect(progress(page)).toContainText(/^Cancelled after \d+\.\d s\.$/);
  await expect(page.locator("#solve-cancel")).toBeDisabled();
  await screenshot(page, testInfo, "solve-cancelled");
  // A fresh worker solves the next problem.
  await solve(page, "orthodox 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 #1");
  await expect(output(page)).toContainText("1.Ra8#!", { timeout: 10_000 });
  await expect(turnButtons(page)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a bad problem shows the solver's error in the panel and keeps the game", async ({ page }) => {
  const errors = await openPage(page, "#variant=grolman&m=e2e4");
  await solve(page, "BeginProblem\nCondition GrolmanChess\nPieces White Kc4 Qz9 Black Kb1\nStipulation #2\nEndProblem");
  await expect(page.locator("#solve-error")).toContainText('"z9" is not a square', { timeout: 10_000 });
  await expect(progress(page)).toHaveAttribute("data-state", "error");
  await expect(output(page)).toBeHidden();
  await solve(page, "BeginProblem\nCondition FollowMyLeader\nPieces White Kc4 Black Kb1\nStipulation #2\nEndProblem");
  await expect(page.locator("#solve-error")).toContainText(/FollowMyLeader/i);
  await expect(page.locator("#error")).toBeHidden();
  await expect(turnButtons(page)).toHaveText(["e4 (Ng1-e2, Rh1-g1)"]);
  expect(errors).toEqual([]);
});

test("opening the panel offers the position on the board", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4");
  await page.click("#solve-panel summary");
  await expect(page.locator("#solve-text")).toHaveValue(
    "grolman rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKBR1 b Qkq e3 0 1 #2");
});

test("a helpmate without the white king (Option NoWk) replays on the board and survives a reload", async ({ page }, testInfo) => {
  const errors = await openPage(page);
  // tests/kingless.rs: 1...h4 2.Rc8#, White with no king.
  await solve(page, [
    "BeginProblem", "Pieces White Rc1 Black Ka8 Pa7 Pb7 Ph5", "Stipulation h#1", "Option NoWk", "EndProblem",
  ].join("\n"));
  await expect(progress(page)).toContainText("h#1 sound", { timeout: 10_000 });
  await expect(output(page)).toContainText("1.h4 Rc8#");
  await page.locator("#solution-tree button.move", { hasText: "Rc8#" }).click();
  const fen = "k1R5/pp6/8/8/7p/8/8/8 b - - 1 2";
  await expect(page.locator("#fen")).toHaveValue(fen);
  await expect(page.locator("#status")).toContainText("White wins by checkmate");
  expect(page.url()).toContain("kingless=w");
  await screenshot(page, testInfo, "kingless-helpmate-replayed");
  // The stored game and the link keep the position's missing king: it opens again.
  await page.reload();
  await expect(page.locator("#fen")).toHaveValue(fen);
  // A plain FEN without a king is still refused, with the rules' reason.
  await page.fill("#fen", "8/8/8/8/8/8/8/R3K3 w - - 0 1");
  await page.locator("#fen").press("Enter");
  await expect(page.locator("#fen-error")).toContainText("no king");
  expect(errors).toEqual([]);
});
