// Playing the computer: the search runs in the engine worker (real wasm), its turn is played
// through the page's ordinary path and replays its cascade.
import { test, expect } from "@playwright/test";
import { clickMove, expectPiece, openPage, screenshot, square, turnButtons } from "./helpers.js";

/** Preferences before the page loads (openPage keeps prefs that are already there). */
async function withPrefs(page, prefs) {
  await page.addInitScript((p) => localStorage.setItem("grolman.prefs", JSON.stringify(p)), prefs);
}

const state = (page) => page.locator("#computer-state");

test("the computer answers a Grolman turn, and its cascade replays", async ({ page }, testInfo) => {
  // At 1x a step lasts 800 ms, so the replay is still running when the test looks (at 4x, on a
  // busy machine, a three-step reply had ended before the first look).
  test.setTimeout(60_000);
  await withPrefs(page, { autoplay: true, speed: 1, computer: "black", level: 1 });
  const errors = await openPage(page);
  await expect(page.locator("#computer-side")).toHaveValue("black");
  await clickMove(page, "e2", "e4");
  await expect(turnButtons(page)).toHaveCount(2, { timeout: 15_000 });
  await expect(turnButtons(page).first()).toHaveText("e4 (Ng1-e2, Rh1-g1)");
  const reply = await turnButtons(page).nth(1).textContent();
  // The reply's cascade plays step by step, like a human turn's.
  await expect(page.locator("#step-play")).toHaveText(/Pause/);
  await expect(page.locator("#step-counter")).toHaveText(/^step [1-9]\d* of \d+$/);
  await expect(page.locator("#step-play")).toHaveText(/Play/, { timeout: 30_000 });
  const [index, count] = (await page.locator("#step-counter").textContent()).match(/\d+/g).map(Number);
  expect(index).toBe(count);
  expect(count).toBeGreaterThan(2);
  await expect(state(page)).toContainText(`Computer played ${reply}`);
  await expect(state(page)).toContainText(/depth \d+, score [-+#\d.]+ for black/);
  await expect(page.locator("#computer-line")).toContainText("Expected: 1...");
  // White may lead again; Black's units may not.
  await expect(square(page, "d2")).toHaveClass(/leader/);
  expect(await page.locator("#fen").inputValue()).toMatch(/ w /);
  await screenshot(page, testInfo, "computer-replied");

  // Undo takes back the computer's turn and the player's own.
  await page.click("#undo");
  await expect(turnButtons(page)).toHaveCount(0);
  await expectPiece(page, "e2", "white pawn");
  await expect(square(page, "e2")).toHaveClass(/leader/);
  expect(errors).toEqual([]);
});

test("the page answers while the computer thinks", async ({ page }) => {
  // It waits on a depth's report and on the search's cancel: 29.5 s of the default 30 at load 38.
  test.slow();
  // Tatarstan chess at level 5 thinks for up to 4 min (its depth 5): time for the checks.
  await withPrefs(page, { autoplay: false, computer: "black", level: 5 });
  const errors = await openPage(page, "#variant=tatarstan");
  await clickMove(page, "d2", "d4");
  await expect(state(page)).toHaveAttribute("data-state", "thinking");
  // Nobody may lead for the computer while it thinks.
  await expect(square(page, "d7")).not.toHaveClass(/leader/);
  // Timers keep firing on the main thread during the search (a blocked thread would run this
  // only after the search, and see it over), the elapsed time keeps counting and the board flips.
  // The window is long and the count low: on the busy 2-core test machine (two tests, each
  // with a searching worker) one CI run saw a single 300 ms window with no timer in it.
  const ticks = await page.evaluate(() => new Promise((resolve) => {
    let count = 0;
    const end = performance.now() + 1500;
    const tick = () => {
      count += 1;
      if (performance.now() < end) setTimeout(tick, 10);
      else resolve({ count, state: document.getElementById("computer-state").dataset.state });
    };
    tick();
  }));
  expect(ticks.state).toBe("thinking");
  expect(ticks.count).toBeGreaterThan(5);
  const first = await state(page).textContent();
  await expect(state(page)).not.toHaveText(first);
  // Each finished depth is shown while the search goes on: depth, score and expected line.
  await expect(state(page)).toContainText(/Thinking… .* — depth \d+, score .* expects 1\.\.\./, { timeout: 10_000 });
  const before = await square(page, "a1").boundingBox();
  await page.click("#flip");
  await expect.poll(async () => (await square(page, "a1").boundingBox()).y).toBeLessThan(before.y);
  // Taking the computer off stops the search; the players lead again (the first test of this
  // file waits for a reply).
  await page.selectOption("#computer-side", "none");
  await expect(state(page)).toHaveAttribute("data-state", "off");
  await expect(turnButtons(page)).toHaveCount(1);
  await expect(square(page, "d7")).toHaveClass(/leader/);
  expect(errors).toEqual([]);
});

test("a hint names a legal turn and marks its leader", async ({ page }, testInfo) => {
  await withPrefs(page, { autoplay: false, computer: "none", level: 2 });
  const errors = await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  await page.click("#hint");
  await expect(state(page)).toHaveAttribute("data-state", "hint", { timeout: 10_000 });
  const text = await state(page).textContent();
  const notation = text.match(/^Hint: (.*) — depth/)[1];
  const legal = await page.evaluate(() => window.grolman.controller.game.turns().map((t) => ({ notation: t.notation, from: t.from, to: t.to })));
  const turn = legal.find((t) => t.notation === notation);
  expect(turn, `${notation} is a legal turn`).toBeTruthy();
  await expect(square(page, turn.from)).toHaveClass(/\bhint\b/);
  await expect(square(page, turn.to)).toHaveClass(/hint-to/);
  await screenshot(page, testInfo, "hint");
  // Playing it clears the hint.
  await clickMove(page, turn.from, turn.to);
  await expect(turnButtons(page)).toHaveCount(3);
  await expect(state(page)).not.toHaveAttribute("data-state", "hint");
  expect(errors).toEqual([]);
});

test("the computer can take White and replies in Tatarstan chess at a shallow level", async ({ page }) => {
  await withPrefs(page, { autoplay: false, computer: "white", level: 1 });
  const errors = await openPage(page, "#variant=tatarstan");
  await expect(turnButtons(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(square(page, "e7")).toHaveClass(/leader/);
  // Switching the computer off leaves two players at the board.
  await page.selectOption("#computer-side", "none");
  await expect(state(page)).toHaveAttribute("data-state", "off");
  expect(errors).toEqual([]);
});

test("the computer mates in one when it can, and the game ends", async ({ page }) => {
  await withPrefs(page, { autoplay: false, computer: "white", level: 3 });
  // The Grolman mate of crates/grolman-engine/tests/mates.rs: Ra8 draws the bishop to a1.
  const errors = await openPage(page, `#variant=grolman&fen=${encodeURIComponent("7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1")}`);
  await expect(turnButtons(page)).toHaveText(["Ra8 (Bb2-a1)#"], { timeout: 10_000 });
  await expect(state(page)).toContainText("Computer played Ra8 (Bb2-a1)#");
  await expect(state(page)).toContainText("score #1 for white");
  await expect(page.locator("#status")).toContainText("checkmate");
  await expect(page.locator("#hint")).toBeDisabled();
  expect(errors).toEqual([]);
});

test("each level is named by the engine's own table and says what it means", async ({ page }, testInfo) => {
  await withPrefs(page, { autoplay: false, computer: "none", level: 2 });
  const errors = await openPage(page, "#variant=grolman");
  // The engine package as a module of the test's own: its levels carry the engine's English
  // label and meaning, which the page's package leaves to the page's catalog.
  const levels = (variant) => page.evaluate(async (v) => {
    const rules = await import("/pkg/engine/grolman_engine.js");
    await rules.default();
    return rules.engineLevels(v);
  }, variant);
  const grolman = await levels("grolman");
  await expect(page.locator("#computer-level option")).toHaveText(grolman.map((l) => l.label));
  const meaning = page.locator("#computer-level-meaning");
  await expect(meaning).toHaveText(`Level 2 ${grolman[1].meaning}.`);
  await page.selectOption("#computer-level", "4");
  await expect(meaning).toHaveText(`Level 4 ${grolman[3].meaning}.`);
  await screenshot(page, testInfo, "level-meaning");
  // Tatarstan chess has levels of its own, sized for its far larger positions.
  await openPage(page, "#variant=tatarstan");
  const tatarstan = await levels("tatarstan");
  expect(tatarstan.map((l) => l.label)).not.toEqual(grolman.map((l) => l.label));
  await expect(page.locator("#computer-level option")).toHaveText(tatarstan.map((l) => l.label));
  await expect(meaning).toHaveText(`Level 4 ${tatarstan[3].meaning}.`);
  expect(errors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a level's meaning is shown whole, in its longest language too", async ({ page }, testInfo) => {
    await withPrefs(page, { autoplay: false, computer: "none", level: 4 });
    const errors = await openPage(page, "#variant=tatarstan");
    await page.locator("#language").selectOption("ru");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    const meaning = page.locator("#computer-level-meaning");
    for (const level of ["4", "5"]) {
      await page.selectOption("#computer-level", level);
      await expect(meaning).toContainText(`Уровень ${level}`);
      // Nothing of it hidden in a scrolled box.
      const { scroll, client } = await meaning.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
      expect(scroll).toBeLessThanOrEqual(client);
    }
    await meaning.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "level-meaning-phone");
    expect(errors).toEqual([]);
  });
});
