// learn.html: every lesson board loads its position and moves (the claims themselves are
// checked in Rust by crates/grolman-diagram/tests/lessons.rs).
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";

const { lessons } = JSON.parse(readFileSync(new URL("../../web/learn/lessons.json", import.meta.url), "utf8"));

test("every lesson and every lesson board loads", async ({ page }, testInfo) => {
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  await page.goto("learn.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("section.lesson")).toHaveCount(lessons.length);
  const boards = page.locator("grolman-board");
  await expect(boards).toHaveCount(lessons.reduce((n, l) => n + l.boards.length, 0));
  // Every board ready (none in error), with the moves it was given.
  await expect.poll(() => page.evaluate(() =>
    [...document.querySelectorAll("grolman-board")].map((b) => b.shadowRoot.querySelector(".frame")?.dataset.state)
      .filter((s) => s !== "ready").length)).toBe(0);
  // Replays start at their first step; a play board before its first turn has no steps to count.
  const counts = await page.evaluate(() => [...document.querySelectorAll("grolman-board")].map((b) =>
    [b.getAttribute("mode"), b.shadowRoot.querySelector(".counter")?.textContent ?? ""]));
  expect(counts.every(([mode, c]) => (mode === "play" ? c === "" : /^step 1 of \d+$/.test(c)))).toBe(true);
  // The claims are shown, each with a link into the playground.
  await expect(page.locator(".claims li")).toHaveCount(lessons.reduce((n, l) => n + l.claims.length, 0));
  // Step through one replay to its end: the last sentence names the turn.
  const castling = page.locator("#castling grolman-board");
  await castling.locator(".controls button").last().click();
  await expect(castling.locator(".step")).toContainText("O-O (Nf3-e1, f2-f3, Be3-f2, Qd2-e3). White can no longer castle");
  await page.screenshot({ path: testInfo.outputPath("learn.png"), fullPage: true });
  expect(problems).toEqual([]);
});

test("a lesson's try it plays the claimed turn and keeps the saved game to go back to", async ({ page }) => {
  // A 4-turn game in the playground, stored.
  await page.goto("index.html#variant=grolman&m=e2e4&m=e7e5&m=d2d4&m=d7d5");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("#moves button.turn")).toHaveCount(4);
  await page.goto("learn.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  const claim = page.locator(".claims li", { hasText: "1. e4 is followed by the knight from g1" });
  await claim.locator("a", { hasText: "try it" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  // The claim's turn is played, not only its position opened.
  await expect(page.locator("#moves button.turn")).toHaveText(["e4 (Ng1-e2, Rh1-g1)"]);
  await expect(page.locator("#kept-note")).toBeVisible();
  await page.click("#kept-restore");
  await expect(page.locator("#moves button.turn")).toHaveCount(4);
  await expect(page.locator("#kept-note")).toBeHidden();
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("#moves button.turn")).toHaveCount(4);
  await expect(page.locator("#kept-note")).toBeHidden();
});
