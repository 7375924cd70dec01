// PGN from lichess and chess.com imports through the PGN dialog; an empty box is refused and
// the game on the board stays.
import { test, expect } from "@playwright/test";
import { expectTurns, openPage } from "./helpers.js";

const LICHESS = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdEFGH"]
[Variant "Standard"]
[Result "1-0"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.23] [%clk 0:03:00] }
2. Qh5?! { [%eval -0.28] [%clk 0:02:58] } { Inaccuracy. Nf3 was best. } (2. Nf3 Nc6)
2... Nc6 { [%clk 0:02:57] } 3. Bc4 $6 { [%clk 0:02:55] } 3... Nf6?? { [%eval #1] [%clk 0:02:50] }
4. Qxf7# { [%clk 0:02:49] } 1-0`;

async function importText(page, text) {
  await page.click("#pgn-open");
  await page.fill("#pgn-text", text);
  await page.click("#pgn-import");
}

test("a lichess export with clocks, evaluations, glyphs and a side line imports", async ({ page }) => {
  const errors = await openPage(page);
  await importText(page, LICHESS);
  await expect(page.locator("#pgn-dialog")).not.toHaveAttribute("open");
  await expect(page.locator("#variant-name")).toHaveText("Orthodox chess");
  // The main line in its rows, the side line under the row it branches from, the glyphs kept.
  await expect(page.locator("#moves > li.move-row button.turn"))
    .toHaveText(["e4", "e5", "Qh5?!", "Nc6", "Bc4?!", "Nf6??", "Qxf7#"]);
  await expect(page.locator("#moves .side-line button.turn")).toHaveText(["Nf3", "Nc6"]);
  await expect(page.locator("#moves .comment")).toHaveText(["Inaccuracy. Nf3 was best."]);
  expect(errors).toEqual([]);
});

test("a Grolman chain comment followed by a remark imports", async ({ page }) => {
  await openPage(page);
  await importText(page, '[Variant "Grolman"]\n\n1. e4 {(Ng1-e2, Rh1-g1) a good move} 1... e5 { [%clk 0:03:00] } *');
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
});

test("importing an empty box shows the error and keeps the game", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4");
  await importText(page, "   ");
  await expect(page.locator("#pgn-error")).toContainText("no tag and no move");
  await expect(page.locator("#pgn-dialog")).toHaveAttribute("open");
  await page.click("#pgn-close");
  await expect(page.locator("#variant-name")).toHaveText("Grolman chess");
  await expectTurns(page, ["e4 (Ng1-e2, Rh1-g1)"]);
});
