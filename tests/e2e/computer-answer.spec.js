// The computer thinks while your turn replays, says what is true meanwhile (thinking, or
// found and showing your turn), and answers as soon as the replay ends or is skipped.
import { test, expect } from "@playwright/test";
import { clickMove, openPage, turnButtons } from "./helpers.js";

async function withPrefs(page, prefs) {
  await page.addInitScript((p) => localStorage.setItem("grolman.prefs", JSON.stringify(p)), prefs);
}

const state = (page) => page.locator("#computer-state");

test("found while your turn replays, the reply waits for the replay, and a click skips it", async ({ page }) => {
  // Speed 0.5×: your turn replays for several seconds, far longer than a level-1 search.
  await withPrefs(page, { autoplay: true, speed: 0.5, computer: "black", level: 1 });
  const errors = await openPage(page, "", { autoplay: true });
  await clickMove(page, "e2", "e4");
  await expect(page.locator("#cascade-note")).toBeVisible();
  await expect(page.locator("#cascade-note")).toHaveText("A click or tap on the board skips the replay to its end.");
  // The search is over long before the replay: the status says so, not "Thinking".
  await expect(state(page)).toHaveAttribute("data-state", "ready");
  const ready = await state(page).textContent();
  expect(ready).toMatch(/^Found its reply in \d+\.\d s \(depth \d+\); showing your turn first\. A click or tap on the board skips the replay\.$/);
  expect(ready).not.toContain("Thinking");
  await expect(turnButtons(page)).toHaveCount(1);
  // A click on the board skips your replay, and the reply comes at once.
  await page.locator(".board .square[data-square='a4']").click();
  await expect(turnButtons(page)).toHaveCount(2);
  // The time named while waiting is the search's own, the one reported with the reply.
  const seconds = ready.match(/in (\d+\.\d) s/)[1];
  await expect(state(page)).toContainText(`Computer played ${await turnButtons(page).nth(1).textContent()}`);
  await expect(state(page)).toContainText(`, ${seconds} s, `);
  expect(errors).toEqual([]);
});

test("each follower replays as one step, with the candidates in its sentence", async ({ page }) => {
  await openPage(page);
  await clickMove(page, "e2", "e4");
  // start, the lead, Ng1-e2, Rh1-g1, "h1 is empty: the chain ends", the end.
  await expect(page.locator("#step-counter")).toHaveText("step 6 of 6");
  await page.click("#step-first");
  await page.click("#step-next");
  await page.click("#step-next");
  await expect(page.locator("#cascade-text")).toHaveText(
    "e2 is empty: Ng1, Bf1, Qd1 and Ke1 can reach it; the knight is the weakest: Ng1-e2.");
  await page.click("#step-next");
  await expect(page.locator("#cascade-text")).toHaveText("g1 is empty: only Rh1 can reach it: Rh1-g1.");
});

test("the level list says what each level asks of the search, per variant", async ({ page }) => {
  await withPrefs(page, { autoplay: false, computer: "none", level: 3 });
  await openPage(page, "#variant=tatarstan");
  const tatarstan = await page.locator("#computer-level option").allTextContents();
  expect(tatarstan).toHaveLength(5);
  for (const [index, text] of tatarstan.entries()) expect(text).toMatch(new RegExp(`^${index + 1}: up to [\\d.]+ s, depth \\d$`));
  await openPage(page, "#variant=grolman");
  const grolman = await page.locator("#computer-level option").allTextContents();
  expect(grolman[0]).toMatch(/^1: up to 0\.1 s/);
  expect(grolman).not.toEqual(tatarstan);
});
