// <grolman-board mode="replay"> as a study: a PGN (a child script, or the pgn attribute) with a
// side line, comments, a glyph and an arrow; the turn list shows them all, the board draws the
// arrow and the step line says the comment when the replay reaches their position.
import { test, expect } from "@playwright/test";

const STUDY = `[Variant "Grolman"]

{The start.} 1. e4 e5 (1... d5 {Black answers in the centre instead.}) 2. b3 $1
{[%cal Ge2c1] The knight on e2 follows again.} *`;

function watch(page) {
  const problems = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
  return problems;
}

/** The replay's parts by the element's id. */
const parts = (page, id) => {
  const board = page.locator(`grolman-board#${id}`);
  return {
    board,
    frame: board.locator(".frame"),
    turns: board.locator(".moves button.turn"),
    sideTurns: board.locator(".moves .side-line button.turn"),
    step: board.locator(".step"),
    comment: board.locator("p.comment"),
    counter: board.locator(".counter"),
    arrows: board.locator(".shapes line.shape"),
    last: board.locator(".controls button").nth(4),
    previous: board.locator(".controls button").nth(1),
  };
};

test("a study from a child PGN script (strict CSP) shows its side line, comments and arrow as the replay reaches them", async ({ page }, testInfo) => {
  const problems = watch(page);
  await page.goto("web/embed/example.html");
  const study = parts(page, "study");
  await expect(study.frame).toHaveAttribute("data-state", "ready");
  await expect(study.turns).toHaveText(["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)", "d5 (Nb8-d7, Ra8-b8)", "b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1)!"]);
  await expect(study.sideTurns).toHaveText(["d5 (Nb8-d7, Ra8-b8)"]);
  await expect(study.board.locator(".moves .side-line .comment")).toHaveText("Black answers in the centre instead.");
  // The start: its comment, no arrow yet.
  await expect(study.comment).toHaveText("The worked example of the rules, with a side line.");
  await expect(study.arrows).toHaveCount(0);
  // The main line's end: the arrow of 2. b3 on the board, its comment under the step.
  await study.last.click();
  await expect(study.step).toContainText("b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1)");
  await expect(study.arrows).toHaveCount(1);
  await expect(study.arrows.first()).toHaveAttribute("data-from", "e2");
  await expect(study.arrows.first()).toHaveAttribute("data-to", "c1");
  await expect(study.arrows.first()).toHaveClass(/green/);
  await expect(study.comment).toHaveText("The knight on e2 follows again: it has not moved in this turn.");
  await study.board.evaluate((el) => el.scrollIntoView());
  await page.screenshot({ path: testInfo.outputPath("study-main-line.png") });
  // A step back is inside the turn's cascade: not the position the arrow is drawn on.
  await study.previous.click();
  await expect(study.arrows).toHaveCount(0);
  await expect(study.comment).toBeHidden();
  // The side line: picked in the list, replayed on its own line from its turn.
  await study.sideTurns.first().click();
  await expect(study.sideTurns.first()).toHaveAttribute("aria-current", "step");
  await expect(study.step).toHaveText("Black to play d5 (Nb8-d7, Ra8-b8).");
  await study.last.click();
  await expect(study.board.locator('.piece[data-square="d5"]')).toHaveAttribute("data-piece", "black pawn");
  await expect(study.comment).toHaveText("Black answers in the centre instead.");
  await expect(study.counter).toHaveText(/^step (\d+) of \1$/);
  // Back to the main line from the list.
  await study.turns.last().click();
  await study.last.click();
  await expect(study.arrows).toHaveCount(1);
  expect(problems).toEqual([]);
});

test("a study from the pgn attribute replays, and a bad PGN gives the board's precise error", async ({ page }) => {
  const problems = watch(page);
  await page.goto("web/embed/example.html");
  await expect(page.locator("grolman-board#replay .frame")).toHaveAttribute("data-state", "ready");
  await page.locator("#replay").evaluate((el, pgn) => {
    el.removeAttribute("variant");
    el.removeAttribute("moves");
    el.setAttribute("pgn", pgn);
  }, STUDY);
  const replay = parts(page, "replay");
  await expect(replay.sideTurns).toHaveText(["d5 (Nb8-d7, Ra8-b8)"]);
  await replay.last.click();
  await expect(replay.arrows).toHaveCount(1);
  await expect(replay.comment).toHaveText("The knight on e2 follows again.");

  await page.locator("#replay").evaluate((el) => el.setAttribute("pgn", '[Variant "Grolman"]\n\n1. e4 e5 2. Ke3 *'));
  await expect(replay.frame).toHaveAttribute("data-state", "error");
  await expect(replay.board.locator(".error")).toHaveText(/^This board cannot be shown: bad pgn: pgn line 3: "Ke3": /);
  await expect(replay.board.locator(".board")).toHaveCount(0);
  await page.locator("#replay").evaluate((el, pgn) => {
    el.setAttribute("pgn", pgn);
    el.setAttribute("moves", "e2e4");
  }, STUDY);
  await expect(replay.board.locator(".error")).toHaveText(/moves and pgn both given/);
  // The other boards of the page are untouched.
  await expect(page.locator("grolman-board#study .frame")).toHaveAttribute("data-state", "ready");
  expect(problems).toEqual([]);
});

test("a study's child script that changes after the board is drawn is a new study", async ({ page }) => {
  const problems = watch(page);
  await page.goto("web/embed/example.html");
  const study = parts(page, "study");
  await expect(study.frame).toHaveAttribute("data-state", "ready");
  await page.locator("#study script").evaluate((script) => {
    script.textContent = '[Variant "Grolman"]\n\n1. d4 {[%csl Rd4] The queen\'s pawn.} *';
  });
  await expect(study.turns).toHaveText(["d4 (Nb1-d2, Ra1-b1)"]);
  await study.last.click();
  await expect(study.board.locator(".shapes circle.shape")).toHaveAttribute("data-square", "d4");
  await expect(study.comment).toHaveText("The queen's pawn.");
  expect(problems).toEqual([]);
});
