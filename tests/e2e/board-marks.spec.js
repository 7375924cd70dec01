// What the board shows and says: your side at the bottom against the computer, the words of
// the square labels, the leaders' mark and the legend, candidate arrows, the sentence after a
// mate, and a summary of a long Tatarstan transformation list.
import { test, expect } from "@playwright/test";
import { clickMove, openPage, screenshot, square, turnButtons } from "./helpers.js";

test("playing Black against the computer turns the board", async ({ page }) => {
  await openPage(page);
  const y = async (name) => (await square(page, name).boundingBox()).y;
  expect(await y("a1")).toBeGreaterThan(await y("a8"));
  await page.selectOption("#computer-side", "white");
  await expect.poll(async () => (await y("a1")) < (await y("a8"))).toBe(true);
  await page.selectOption("#computer-side", "black");
  await expect.poll(async () => (await y("a1")) > (await y("a8"))).toBe(true);
});

test("after a mate the closing sentence names no side to move", async ({ page }) => {
  await openPage(page, "#variant=orthodox&m=f2f3&m=e7e5&m=g2g4");
  await clickMove(page, "d8", "h4");
  await expect(page.locator("#cascade-text")).toHaveText("Qh4#. Checkmate.");
});

test("after a stalemate or a drawn end the closing sentence says so and names no side to move", async ({ page }) => {
  // Qe7-f7 leaves the black king on h8 no square and no other unit: stalemate.
  await openPage(page, `#variant=orthodox&fen=${encodeURIComponent("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1")}`);
  await clickMove(page, "e7", "f7");
  await expect(page.locator("#cascade-text")).toHaveText("Qf7. Draw by stalemate.");
  // Looking back at the same turn after a reload (the history's last turn) says it too.
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await turnButtons(page).last().click();
  await page.keyboard.press("End");
  await expect(page.locator("#cascade-text")).toHaveText("Qf7. Draw by stalemate.");
});

test("the new-game dialog offers the variants the rules crate names", async ({ page }) => {
  await openPage(page);
  await page.click("#new-game");
  const options = page.locator("#new-variant option");
  await expect(options).toHaveText(["Grolman chess", "Tatarstan chess", "Orthodox chess"]);
  expect(await options.evaluateAll((os) => os.map((o) => o.value))).toEqual(["grolman", "tatarstan", "orthodox"]);
});

test("square labels say last move, and the leaders' mark and the legend are drawn", async ({ page }, testInfo) => {
  await openPage(page);
  await clickMove(page, "e2", "e4");
  await expect(square(page, "e4")).toHaveAttribute("aria-label", /last move/);
  await expect(square(page, "e7")).toHaveClass(/leader/);
  const leaderMark = await square(page, "e7").locator(".hl").evaluate((node) => getComputedStyle(node).stroke);
  expect(leaderMark).not.toBe("none");
  const legend = page.locator("#board-legend");
  for (const word of ["can lead", "vacated", "candidate", "weakest", "filled by the follower"]) {
    await expect(legend).toContainText(word);
  }
  await screenshot(page, testInfo, "leaders-and-legend");
});

test("a follower's step draws the candidates' arrows and the follower's own", async ({ page }) => {
  await openPage(page);
  await clickMove(page, "e2", "e4");
  await page.click("#step-first");
  await page.click("#step-next");
  await page.click("#step-next"); // Ng1-e2, which Bf1, Qd1 and Ke1 could have made
  const arrows = page.locator(".board .arrow");
  await expect(page.locator(".board .arrow.follow[data-from='g1'][data-to='e2']")).toHaveCount(1);
  for (const from of ["f1", "d1", "e1"]) {
    await expect(page.locator(`.board .arrow.candidate[data-from='${from}'][data-to='e2']`)).toHaveCount(1);
  }
  await expect(arrows).toHaveCount(4);
});

test("a long Tatarstan transformation list is summed up from its events, the full list a click away", async ({ page }, testInfo) => {
  await openPage(page, "#variant=tatarstan&m=e2e4");
  // The expected counts, stage by stage, straight from the turn's transform events.
  const counts = await page.evaluate(() => {
    const out = [];
    for (const event of window.grolman.controller.history[0].events) {
      if (event.type !== "transform") continue;
      if (out.at(-1)?.stage === event.stage) out.at(-1).count += 1;
      else out.push({ stage: event.stage, count: 1 });
    }
    return out;
  });
  expect(counts.map((c) => c.stage)).toEqual(["knight", "rook"]);
  const summary = `[${counts[0].count} became knights, then ${counts[1].count} rooks; kings unchanged]`;
  await expect(turnButtons(page).first()).toHaveText(`e4 (Ng1-e2, Rh1-g1) ${summary}`);
  await expect(page.locator("#cascade-text")).toContainText(summary);
  const full = page.locator("#moves .full-notation");
  await expect(full.locator("span")).toBeHidden();
  await full.locator("summary").click();
  await expect(full.locator("span")).toBeVisible();
  await expect(full.locator("span")).toContainText("[c1=N, g1=N, d2=N");
  await screenshot(page, testInfo, "tatarstan-summary");
  // PGN keeps every transformation.
  await page.click("#pgn-open");
  await expect(page.locator("#pgn-text")).toHaveValue(/c1=N, g1=N, d2=N/);
});
