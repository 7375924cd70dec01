// <grolman-board> on other people's pages: a strict CSP, several boards, attribute changes,
// errors kept inside one board, and hostile attribute / URL values that must stay text.
import { test, expect } from "@playwright/test";

/** Fails the test on any dialog (alert from injected markup) and collects console errors. */
function watch(page) {
  const problems = [];
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

const frame = (page, id) => page.locator(`grolman-board#${id} .frame`);

test("two boards on a page with a strict CSP render and step independently", async ({ page }) => {
  const problems = watch(page);
  await page.goto("web/embed/example.html");
  await expect(frame(page, "diagram")).toHaveAttribute("data-state", "ready");
  await expect(frame(page, "replay")).toHaveAttribute("data-state", "ready");
  await expect(page.locator("#diagram .piece")).toHaveCount(5);
  await expect(page.locator("#diagram .unit-count")).toHaveText("(3+2)");
  await expect(page.locator("#diagram .author")).toHaveText("Grolman playground");
  await expect(page.locator("#diagram .condition")).toHaveText("Grolman chess");
  await expect(page.locator("#diagram .visually-hidden")).toHaveText("Position: White: Ke1, Bf1, Ne2. Black: Kg8, Re8.");
  await expect(page.locator('#diagram .square[data-square="e2"]')).toHaveAttribute("aria-label", /white knight on e2/);

  const text = page.locator("#replay .step");
  await expect(text).toContainText("The start: White to move");
  await page.locator("#replay button.next").click();
  await expect(text).toHaveText("White to play e4 (Ng1-e2, Rh1-g1).");
  await page.locator("#replay button.next").click();
  await expect(text).toContainText("White leads with e4");
  await page.locator("#replay button.next").click();
  await expect(text).toHaveText("e2 is empty: Ng1, Bf1, Qd1 and Ke1 can reach it; the knight is the weakest: Ng1-e2.");
  // The diagram beside it did not move.
  await expect(page.locator('#diagram .piece[data-square="e2"]')).toHaveAttribute("data-piece", "white knight");
  // Keys on the replay controls: End reaches the last step of the last turn.
  await page.locator("#replay button.next").focus();
  await page.keyboard.press("End");
  await expect(text).toContainText("b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1).");
  await expect(page.locator('#replay .piece[data-square="c1"]')).toHaveAttribute("data-piece", "white knight");
  expect(problems).toEqual([]);
});

test("an attribute change re-renders; a bad attribute shows an error in that board only", async ({ page }) => {
  const problems = watch(page);
  await page.goto("web/embed/example.html");
  await expect(frame(page, "replay")).toHaveAttribute("data-state", "ready");
  await page.locator("#diagram").evaluate((el) => {
    el.setAttribute("fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    el.setAttribute("orientation", "black");
  });
  await expect(page.locator("#diagram .unit-count")).toHaveText("(2+1)");
  await expect(page.locator("#diagram .piece")).toHaveCount(3);
  for (const [name, value, message] of [
    ["variant", "checkers", /unknown variant "checkers"/],
    ["fen", "8/8/8/8/8/8/8/8 w - - 0 1", /bad fen/],
    ["moves", "e2e4 e2e4", /move 2 "e2e4" cannot be played/],
    ["mode", "edit", /unknown mode "edit"/],
    ["orientation", "left", /unknown orientation/],
  ]) {
    await page.locator("#diagram").evaluate((el, [n, v]) => {
      el.setAttribute("variant", "grolman");
      el.setAttribute("fen", "");
      el.setAttribute("moves", "");
      el.setAttribute("mode", "diagram");
      el.setAttribute("orientation", "white");
      el.setAttribute(n, v);
    }, [name, value]);
    await expect(frame(page, "diagram")).toHaveAttribute("data-state", "error");
    await expect(page.locator("#diagram .error")).toHaveText(message);
    await expect(frame(page, "replay")).toHaveAttribute("data-state", "ready");
    await expect(page.locator("#replay .error")).toBeHidden();
  }
  await page.locator("#diagram").evaluate((el) => el.setAttribute("fen", ""));
  await expect(frame(page, "diagram")).toHaveAttribute("data-state", "error"); // orientation still bad
  await page.locator("#diagram").evaluate((el) => el.setAttribute("orientation", "white"));
  await expect(frame(page, "diagram")).toHaveAttribute("data-state", "ready");
  await expect(page.locator("#diagram .piece")).toHaveCount(32);
  expect(problems).toEqual([]);
});
