// The tree of turns in the playground: side lines from an earlier turn, shown as lichess shows
// them, kept in the URL fragment and across a reload; promoting and deleting a line; comments.
import { test, expect } from "@playwright/test";
import { clickMove, expectPiece, openPage, screenshot, square, turnButtons } from "./helpers.js";

const ITALIAN = "#variant=orthodox&m=e2e4&m=e7e5&m=g1f3";
const mainLine = (page) => page.locator("#moves > li.move-row button.turn");
const sideLines = (page) => page.locator("#moves .side-line");

test("a turn played at an earlier turn starts a side line, kept across a reload", async ({ page }, testInfo) => {
  const errors = await openPage(page, ITALIAN);
  await turnButtons(page).first().click();
  await expect(page.locator("#prompt")).toContainText("a different turn here starts a side line");
  // Black can lead at the earlier turn: the board is played, not only looked at.
  await expect(square(page, "c7")).toHaveClass(/leader/);
  await clickMove(page, "c7", "c5");
  await expectPiece(page, "c5", "black pawn");
  await expect(sideLines(page)).toHaveCount(1);
  await expect(sideLines(page).first().locator("button.turn")).toHaveText(["c5"]);
  await expect(mainLine(page)).toHaveText(["e4", "e5", "Nf3"]);
  await expect(sideLines(page).locator("button.turn").first()).toHaveAttribute("aria-current", "step");
  await clickMove(page, "g1", "f3");
  await expect(sideLines(page).first().locator("button.turn")).toHaveText(["c5", "Nf3"]);
  expect(new URL(page.url()).hash).toContain("tree=");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "side-line-1280");

  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(mainLine(page)).toHaveText(["e4", "e5", "Nf3"]);
  await expect(sideLines(page).first().locator("button.turn")).toHaveText(["c5", "Nf3"]);
  // A fresh page from the stored game alone (no fragment) keeps the tree too.
  await page.goto("index.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(sideLines(page).first().locator("button.turn")).toHaveText(["c5", "Nf3"]);
  expect(errors).toEqual([]);
});

test("a side line is promoted to the main line and a line is deleted", async ({ page }) => {
  await openPage(page, ITALIAN);
  await turnButtons(page).first().click();
  await clickMove(page, "c7", "c5");
  await page.click("#line-promote");
  await expect(mainLine(page)).toHaveText(["e4", "c5"]);
  await expect(sideLines(page).first().locator("button.turn")).toHaveText(["e5", "Nf3"]);
  await expect(page.locator("#line-promote")).toBeDisabled();
  await sideLines(page).locator("button.turn", { hasText: "e5" }).click();
  await page.click("#line-delete");
  await expect(sideLines(page)).toHaveCount(0);
  await expect(mainLine(page)).toHaveText(["e4", "c5"]);
  await expect(turnButtons(page).first()).toHaveAttribute("aria-current", "step");
});

test("a comment on a turn shows in the move list and goes into the PGN", async ({ page }) => {
  await openPage(page, ITALIAN);
  await turnButtons(page).nth(1).click();
  await page.fill("#turn-comment", "The open game.");
  await page.locator("#turn-comment").blur();
  await expect(page.locator("#moves .comment")).toHaveText(["The open game."]);
  await page.click("#pgn-open");
  await expect(page.locator("#pgn-text")).toHaveValue(/1\. e4 e5 \{The open game\.\} 2\. Nf3/);
});
