// learn.html: every lesson board loads its position and moves, every claim's position opens on
// a board of its own (the claims themselves are checked in Rust by
// crates/grolman-diagram/tests/lessons.rs), the boards grow with the window, projector mode, and
// the rules page (rules.html) drawn from docs/rules.md.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { screenshot } from "./helpers.js";

const { lessons } = JSON.parse(readFileSync(new URL("../../web/learn/lessons.json", import.meta.url), "utf8"));

test("every lesson and every lesson board loads", async ({ page }, testInfo) => {
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  await page.goto("learn.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("section.lesson")).toHaveCount(lessons.length);
  const boards = page.locator(".boards grolman-board");
  await expect(boards).toHaveCount(lessons.reduce((n, l) => n + l.boards.length, 0));
  // Every board ready (none in error), with the moves it was given.
  await expect.poll(() => page.evaluate(() =>
    [...document.querySelectorAll(".boards grolman-board")].map((b) => b.shadowRoot.querySelector(".frame")?.dataset.state)
      .filter((s) => s !== "ready").length)).toBe(0);
  // Replays start at their first step; a play board before its first turn has no steps to count.
  const counts = await page.evaluate(() => [...document.querySelectorAll(".boards grolman-board")].map((b) =>
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

/** The piece a board element draws on a square ("white rook"), or null. */
const pieceIn = (board, square) => board.locator(`.piece[data-square="${square}"]`);

test("every claim's position opens on a board of its own; a legal turn replays from it", async ({ page }, testInfo) => {
  test.slow(); // forty boards open at once on a page
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("learn.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  const claims = lessons.flatMap((l) => l.claims);
  const toggles = page.locator(".claims .show-position");
  await expect(toggles).toHaveCount(claims.length);
  // Every board opened at once (a click each by script: forty pointer clicks take long), then
  // one claim by the pointer.
  await page.evaluate(() => document.querySelectorAll(".claims .show-position").forEach((button) => button.click()));
  const boards = page.locator(".claims grolman-board");
  await expect(boards).toHaveCount(claims.length);
  await expect.poll(() => page.evaluate(() =>
    [...document.querySelectorAll(".claims grolman-board")].filter((b) => b.shadowRoot.querySelector(".frame")?.dataset.state === "ready").length))
    .toBe(claims.length);
  // A position no lesson board shows: the king between two rooks; its claimed turn replays.
  const claim = page.locator(".claims li", { hasText: "With two rooks the king's step Ke2" });
  const board = claim.locator("grolman-board");
  await claim.locator(".show-position").click();
  await expect(board).toBeHidden();
  await claim.locator(".show-position").click();
  await expect(board).toBeVisible();
  await expect(pieceIn(board, "a1")).toHaveAttribute("data-piece", "white rook");
  await expect(pieceIn(board, "h1")).toHaveAttribute("data-piece", "white rook");
  await expect(pieceIn(board, "e1")).toHaveAttribute("data-piece", "white king");
  await board.locator(".controls button").nth(4).click();
  await expect(board.locator(".step")).toContainText("Ke2 (Ra1-e1)");
  await expect(pieceIn(board, "e1")).toHaveAttribute("data-piece", "white rook");
  await expect(pieceIn(board, "a1")).toHaveCount(0);
  // A claim about the position after turns (a check) shows that position.
  const check = page.locator(".claims li", { hasText: "After Kb2 Black is in check." }).locator("grolman-board");
  await expect(pieceIn(check, "e4")).toHaveAttribute("data-piece", "white rook");
  await claim.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("claim-board.png") });
  // Closed again on a second press.
  await claim.locator(".show-position").click();
  await expect(board).toBeHidden();
  expect(problems).toEqual([]);
});

test.describe("on a 1920x1080 projector", () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("the lesson boards grow with the window", async ({ page }, testInfo) => {
    await page.goto("learn.html#ties");
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    const figures = page.locator("#ties .boards figure");
    for (const figure of await figures.all()) expect((await figure.boundingBox()).width).toBeGreaterThan(600);
    // Two boards of a lesson still side by side.
    const [a, b] = await Promise.all([figures.nth(0).boundingBox(), figures.nth(1).boundingBox()]);
    expect(b.y).toBe(a.y);
    await page.locator("#ties").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("learn-1920.png") });
  });

  test("projector mode shows one lesson board as large as the screen; the clicker walks it and on to the next board", async ({ page }, testInfo) => {
    await page.goto("learn.html#ties");
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await page.locator("body").press("p");
    await expect(page.locator("body")).toHaveClass(/projector/);
    // The board in view is the one shown; nothing else of the page.
    const shown = page.locator(".boards figure:visible");
    await expect(shown).toHaveCount(1);
    const board = shown.locator("grolman-board");
    await expect(board.locator(".step")).toContainText("The start: White to move");
    expect((await board.locator(".board-host").boundingBox()).height).toBeGreaterThan(900);
    const host = await board.locator(".board-host").boundingBox();
    const moves = await board.locator(".moves").boundingBox();
    expect(moves.x).toBeGreaterThan(host.x + host.width - 1); // the turn list beside the board
    await expect(page.locator("nav")).toBeHidden();
    await expect(page.locator("#ties .claims")).toBeHidden();

    const steps = Number((await board.locator(".counter").textContent()).split(" of ")[1]);
    for (let i = 1; i < steps; i += 1) await page.keyboard.press("PageDown");
    await expect(board.locator(".counter")).toHaveText(`step ${steps} of ${steps}`);
    await screenshot(page, testInfo, "learn-projector-1920");
    await page.keyboard.press("PageDown"); // past the last step: the lesson's next board
    await expect(shown.locator("figcaption")).toHaveText("Your turn: move the king and choose the knight.");
    await page.keyboard.press("PageUp"); // and back, to the end of the one before
    await expect(shown.locator(".counter")).toHaveText(`step ${steps} of ${steps}`);
    // The arrow keys step the board shown too, with the focus on none of them.
    await page.locator("body").evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("ArrowLeft");
    await expect(shown.locator(".counter")).toHaveText(`step ${steps - 1} of ${steps}`);
    await page.keyboard.press("ArrowRight");
    await expect(shown.locator(".counter")).toHaveText(`step ${steps} of ${steps}`);
    await page.keyboard.press("b");
    await expect(page.locator("#blank")).toBeVisible();
    await page.keyboard.press("b");
    await expect(page.locator("#blank")).toBeHidden();
    await page.locator("body").press("p");
    await expect(page.locator("body")).not.toHaveClass(/projector/);
    await expect(page.locator(".boards figure:visible")).not.toHaveCount(1);
  });
});

test("the full rules are a page in the site's style, drawn from docs/rules.md", async ({ page }, testInfo) => {
  await page.goto("learn.html");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await page.locator("header a", { hasText: "the full rules" }).click();
  await expect(page).toHaveURL(/rules\.html$/);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("h1")).toHaveText("The rules this project implements");
  await expect(page.locator("main h2")).toHaveCount(6);
  await expect(page.locator("main h2").first()).toHaveText(/^1\. Grolman chess/);
  await expect(page.locator("nav a")).toHaveCount(6);
  await expect(page.locator("main strong", { hasText: "Kings neither defend nor transform" })).toHaveCount(1);
  await expect(page.locator("main code", { hasText: "e2e4,g1e2,h1g1" })).toHaveCount(1);
  await expect(page.locator("main ul li").first()).toHaveText(/^pawn: one step straight forward/);
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/^#|\*\*|`/m);
  // A rule is linked to by its number.
  await page.goto("rules.html#1.6");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator('p[id="1.6"]')).toContainText("Legality is judged once, at the end of the turn.");
  await expect(page.locator('p[id="1.6"]')).toBeInViewport();
  await screenshot(page, testInfo, "rules-1280");
});

// The rules page in the page's language: a translation of docs/rules.md with the same rule
// numbers, which says that the English text is the authoritative one.
for (const { code, title, rule, note, home } of [
  { code: "ru", title: "Правила, которые реализует этот проект", rule: "Допустимость оценивается один раз, в конце хода.", note: "Обязательным является английский текст", home: "Игровая площадка" },
  { code: "es", title: "Las reglas que implementa este proyecto", rule: "La legalidad se juzga una sola vez, al final de la jugada.", note: "El texto que hace fe es el inglés", home: "El taller" },
  { code: "de", title: "Die Regeln, die dieses Projekt umsetzt", rule: "Die Zulässigkeit wird einmal beurteilt, am Ende des Zuges.", note: "Maßgeblich ist der englische Text", home: "Die Spielwiese" },
]) {
  test(`in ${code}: the rules page is the translation of the rules, each rule still linkable by its number`, async ({ page }, testInfo) => {
    await page.addInitScript((language) => localStorage.setItem("grolman.prefs", JSON.stringify({ language })), code);
    await page.goto("rules.html#1.6");
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.locator("h1")).toHaveText(title);
    await expect(page.locator("main p").first()).toContainText(note);
    await expect(page.locator('p[id="1.6"]')).toContainText(rule);
    await expect(page.locator('p[id="1.6"]')).toBeInViewport();
    await expect(page.locator("main h2")).toHaveCount(6);
    await expect(page.locator("nav a")).toHaveCount(6);
    await expect(page.locator("header a").first()).toHaveText(home);
    if (code === "ru") await screenshot(page, testInfo, "rules-ru-1280");
  });
}
