// The first load (issue 20.4): the board is playable before the side panels' modules and the
// rules' extras package (PGN, the diagram SVG, the board editor) are even asked for; they load
// after it, and the extras when a panel first needs them.
import { test, expect } from "@playwright/test";
import { clickMove, expectTurns, openPage } from "./helpers.js";

/** The site's paths the page asked for, with the time each request started. */
const requests = (page) => page.evaluate(() => ({
  readyAt: window.grolman.readyAt,
  loaded: performance.getEntriesByType("resource").map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
}));

test("the board is playable before the panels and the extras package load", async ({ page }) => {
  const errors = await openPage(page);
  const { readyAt, loaded } = await requests(page);
  const before = loaded.filter((r) => r.at < readyAt).map((r) => r.path);
  expect(before).toContain("/pkg/grolman_bg.wasm");
  for (const later of ["/web/ui/panels.js", "/web/ui/opponent.js", "/web/ui/analysis.js", "/web/ui/solve.js", "/web/edit/studio.js"]) {
    expect(before, later).not.toContain(later);
    expect(loaded.map((r) => r.path), later).toContain(later);
  }
  expect(loaded.filter((r) => r.path.startsWith("/pkg/extras/"))).toEqual([]);

  // The PGN dialog is the first to need the extras: it opens with the game's PGN written there.
  await clickMove(page, "e2", "e4");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
  await page.click("#pgn-open");
  await expect(page.locator("#pgn-text")).toHaveValue(/1\. e4 \{\(Ng1-e2, Rh1-g1\)\} \*/);
  const after = (await requests(page)).loaded.map((r) => r.path);
  expect(after).toContain("/pkg/extras/grolman_extras_bg.wasm");
  expect(errors).toEqual([]);
});
