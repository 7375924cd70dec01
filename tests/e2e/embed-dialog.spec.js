// The playground's Embed dialog writes both snippets for the current position or game; the
// snippets work (the iframe URL opens the same game) and captions stay text.
import { test, expect } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { openPage } from "./helpers.js";

test("the Embed dialog writes working snippets for the position and the game", async ({ page }, testInfo) => {
  const dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  await openPage(page, "#variant=grolman&m=e2e4&m=e7e5");
  // web/main.js loads the dialog once the board is playable; it adds its own button.
  await page.locator("#embed-open").click();
  const element = page.locator("#embed-element");
  const iframe = page.locator("#embed-iframe");
  const fen = "rnbqkbr1/ppppnppp/8/4p3/4P3/8/PPPPNPPP/RNBQKBR1 w Qq e6 0 2";
  await expect(element).toHaveValue(new RegExp(`<grolman-board variant="grolman" fen="${fen.replace(/\//g, "\\/")}" mode="diagram"></grolman-board>`));
  // The snippet points at the folder `make dist` writes, on the composer's own site.
  await expect(element).toHaveValue(/^<script type="module" src="\/grolman-embed\/build\/site\/grolman-board\.js"><\/script>/);
  await expect(page.locator("#embed-where")).toContainText("run make dist and copy the folder dist/grolman-embed/ to your site's root");
  await expect(page.locator("#embed-dialog grolman-board .unit-count")).toHaveText("(16+16)");

  await page.locator('input[name="embed-what"][value="game"]').check();
  await page.locator('input[name="embed-title"]').fill("<img src=x onerror=alert(1)>");
  await expect(element).toHaveValue(/<grolman-board variant="grolman" moves="e2e4,g1e2,h1g1 e7e5,g8e7,h8g8" mode="replay" title="&lt;img src=x onerror=alert\(1\)&gt;">/);
  await expect(page.locator("#embed-dialog grolman-board .title")).toHaveText("<img src=x onerror=alert(1)>");
  await page.screenshot({ path: testInfo.outputPath("embed-dialog.png") });
  const src = (await iframe.inputValue()).match(/src="([^"]+)"/)[1].replace(/&amp;/g, "&");

  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#embed-svg").click()]);
  expect(download.suggestedFilename()).toBe("img-src-x-onerror-alert-1.svg");
  // In black and white, as magazines print diagrams: hatched dark squares, no wood.
  await page.locator("#embed-style").selectOption("black-and-white");
  const [bw] = await Promise.all([page.waitForEvent("download"), page.locator("#embed-svg").click()]);
  const svg = await readFile(await bw.path(), "utf8");
  expect(svg).toContain('fill="url(#gd-hatch)"');
  expect(svg).not.toContain("#b58863");

  // The iframe's URL opens the same game in embed.html.
  await page.goto(src);
  const board = page.locator("grolman-board");
  await expect(board.locator(".frame")).toHaveAttribute("data-state", "ready");
  await expect(board.locator(".title")).toHaveText("<img src=x onerror=alert(1)>");
  await board.locator(".controls button").last().click();
  await expect(board.locator(".step")).toContainText("e5 (Ng8-e7, Rh8-g8). Black can no longer castle king side. White to move.");
  expect(dialogs).toEqual([]);
});

test("the Embed dialog writes a study: the game's PGN with its side line, comment and arrow, in a child script", async ({ page }) => {
  const tree = "e2e4 e7e5 (d7d5 {Black answers in the centre.}) b2b3 {[%cal Ge2c1] The knight follows again.}";
  await openPage(page, `#variant=grolman&m=e2e4&m=e7e5&m=b2b3&tree=${encodeURIComponent(tree)}`);
  await page.locator("#embed-open").click();
  await page.locator('input[name="embed-what"][value="study"]').check();
  const element = page.locator("#embed-element");
  await expect(element).toHaveValue(/<grolman-board mode="replay">\n {2}<script type="application\/x-chess-pgn">\n\[Event /);
  await expect(element).toHaveValue(/\(1\.\.\. d5\s+\{\(Nb8-d7, Ra8-b8\)\}\s+\{Black answers in the centre\.\}\)/);
  await expect(element).toHaveValue(/\{The knight follows again\. \[%cal Ge2c1\]\} \*\n {2}<\/script>\n<\/grolman-board>$/);
  // The preview is that study.
  const preview = page.locator("#embed-dialog grolman-board");
  await expect(preview.locator(".moves .side-line button.turn")).toHaveText(["d5 (Nb8-d7, Ra8-b8)"]);
  const snippet = await element.inputValue();
  const src = (await page.locator("#embed-iframe").inputValue()).match(/src="([^"]+)"/)[1].replace(/&amp;/g, "&");
  // The element's snippet on a page of its own (the example page, under its strict CSP, has the
  // script already), and the iframe's URL in embed.html: the arrow drawn at the main line's end.
  for (const open of [
    async () => {
      await page.goto("web/embed/example.html");
      await page.evaluate((markup) => document.body.insertAdjacentHTML("beforeend", markup.replace(/^<script[^\n]*\n/, "")), snippet);
      return page.locator("grolman-board").last();
    },
    async () => {
      await page.goto(src);
      return page.locator("grolman-board");
    },
  ]) {
    const board = await open();
    await expect(board.locator(".frame")).toHaveAttribute("data-state", "ready");
    await expect(board.locator(".moves .side-line button.turn")).toHaveText(["d5 (Nb8-d7, Ra8-b8)"]);
    await board.locator(".controls button").nth(4).click();
    await expect(board.locator(".shapes line.shape")).toHaveAttribute("data-to", "c1");
    await expect(board.locator("p.comment")).toHaveText("The knight follows again.");
  }
});
