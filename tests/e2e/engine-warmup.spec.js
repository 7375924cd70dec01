// The engine worker is started and warmed up while the page idles (web/worker/client.js
// warmEngine), so that the computer's first answer does not run on V8's baseline code; and every
// engine worker of the page instantiates the one module the page compiled, so that a worker
// started after a cancel runs the code the earlier ones made hot.
import { test, expect } from "@playwright/test";
import { clickMove, openPage, turnButtons } from "./helpers.js";

/** The page's engine workers and its fetches of the engine's wasm, as they happen. */
function watchEngine(page) {
  const seen = { workers: [], wasmFetches: 0 };
  page.on("worker", (worker) => {
    if (worker.url().includes("engine-worker")) seen.workers.push(worker);
  });
  page.on("request", (request) => {
    if (request.url().endsWith("grolman_engine_bg.wasm")) seen.wasmFetches += 1;
  });
  return seen;
}

test("the engine worker starts while the page idles, and the computer's first answer comes from it", async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => localStorage.setItem("grolman.prefs", JSON.stringify({ computer: "black", level: 1 })));
  const seen = watchEngine(page);
  const errors = await openPage(page);
  // Nobody asked the engine anything yet.
  await expect.poll(() => seen.workers.length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => seen.wasmFetches).toBe(1);
  await clickMove(page, "e2", "e4");
  await expect(turnButtons(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(page.locator("#computer-state")).toContainText("Computer played");
  expect(seen.workers).toHaveLength(1);
  expect(errors).toEqual([]);
});

test("a worker started after a cancel instantiates the page's compiled engine: the wasm is fetched once", async ({ page }) => {
  test.setTimeout(60_000);
  const seen = watchEngine(page);
  const errors = await openPage(page, "#variant=orthodox&m=e2e4&m=e7e5");
  await page.locator("body").press("a");
  const lines = page.locator("#analysis-lines li");
  await expect(lines).toHaveCount(3, { timeout: 20_000 });
  // One turn back: the analysis stops its search (the worker is ended) and starts another worker.
  await turnButtons(page).first().click();
  await expect(lines.first().locator(".analysis-turns")).toHaveText(/^1\.\.\./, { timeout: 20_000 });
  expect(seen.workers.length).toBeGreaterThanOrEqual(2);
  expect(seen.wasmFetches).toBe(1);
  expect(errors).toEqual([]);
});
