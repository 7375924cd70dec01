// The board editor (web/edit/): building a position with the palette by clicks, drags and keys,
// the FEN it writes, the castling rights and e.p. squares the crate allows, and a bad
// position's message while editing. Real Chromium, real wasm.
import { expect, test } from "@playwright/test";
import { openPage } from "./helpers.js";

const editorSquare = (page, name) => page.locator(`#editor .board .square[data-square="${name}"]`);
const fen = (page) => page.locator("#editor-fen");
const paletteUnit = (page, name) => page.getByRole("button", { name, exact: true });

async function dragTo(page, source, target) {
  const a = await source.boundingBox();
  const b = target ? await target.boundingBox() : { x: a.x + 900, y: a.y + 10, width: 0, height: 0 };
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 6, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test("a position built from an empty board with palette clicks and drags reads back as its FEN", async ({ page }) => {
  const errors = await openPage(page, "#edit&variant=grolman&fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201");
  await expect(page.locator("#editor")).toBeVisible();
  // The header does not name the game's variant while the editor's own field says it.
  await expect(page.locator("#variant-name")).toBeHidden();
  await expect(fen(page)).toHaveValue("8/8/8/8/8/8/8/8 w - - 0 1");
  await expect(page.locator("#editor-problem")).toHaveText("Not a legal position yet: white has no king.");

  // A picked palette unit stays picked: two clicks place two rooks.
  await paletteUnit(page, "white rook").click();
  await expect(paletteUnit(page, "white rook")).toHaveAttribute("aria-pressed", "true");
  await editorSquare(page, "a1").click();
  await editorSquare(page, "h1").click();
  // Dragged from the palette.
  await dragTo(page, paletteUnit(page, "white king"), editorSquare(page, "e1"));
  await dragTo(page, paletteUnit(page, "black king"), editorSquare(page, "e8"));
  await expect(fen(page)).toHaveValue("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  await expect(page.locator("#editor-problem")).toHaveText("A legal position.");

  // The castling rights the placement allows are offered; the others are not.
  await expect(page.locator("#editor-castling-K")).toBeEnabled();
  await expect(page.locator("#editor-castling-k")).toBeDisabled();
  await page.locator("#editor-castling-K").check();
  await page.locator("#editor-castling-Q").check();
  await expect(fen(page)).toHaveValue("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  // A rook dragged off its square takes its right with it; one dragged off the board is removed.
  await dragTo(page, editorSquare(page, "h1"), editorSquare(page, "h5"));
  await expect(fen(page)).toHaveValue("4k3/8/8/7R/8/8/8/R3K3 w Q - 0 1");
  await dragTo(page, editorSquare(page, "h5"), null);
  await expect(fen(page)).toHaveValue("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  // The eraser.
  await paletteUnit(page, "eraser").click();
  await editorSquare(page, "a1").click();
  await expect(fen(page)).toHaveValue("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // The URL follows, so that the link opens this position in the editor.
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe("#edit&variant=grolman&fen=4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  await page.screenshot({ path: "/tmp/studio-shots/editor-1280.png" });
  expect(errors).toEqual([]);
});

test("a unit is placed by keyboard: palette button, then arrow keys and Enter on the board", async ({ page }) => {
  await openPage(page, "#edit&variant=grolman&fen=4k3/8/8/8/8/8/8/4K3%20w%20-%20-%200%201");
  await paletteUnit(page, "white knight").focus();
  await page.keyboard.press("Enter");
  await expect(paletteUnit(page, "white knight")).toHaveAttribute("aria-pressed", "true");
  await editorSquare(page, "e2").focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(fen(page)).toHaveValue("4k3/8/8/8/8/3N4/8/4K3 w - - 0 1");
  await expect(editorSquare(page, "d3")).toHaveAttribute("aria-label", /white knight on d3/);
});

test("a bad position's message is the crate's, and editing goes on", async ({ page }) => {
  await openPage(page, "#edit&variant=grolman&fen=4k3/8/8/8/8/8/8/4K3%20w%20-%20-%200%201");
  await paletteUnit(page, "white pawn").click();
  await editorSquare(page, "c8").click();
  await expect(page.locator("#editor-problem")).toHaveText("Not a legal position yet: pawn on the back rank at c8.");
  await expect(page.locator("#editor-play")).toBeDisabled();
  await editorSquare(page, "c7").click();
  await paletteUnit(page, "eraser").click();
  await editorSquare(page, "c8").click();
  await expect(page.locator("#editor-problem")).toHaveText("A legal position.");
  // The e.p. squares offered are the crate's: after a black to move with a white pawn on d4.
  await paletteUnit(page, "white pawn").click();
  await editorSquare(page, "d4").click();
  await page.locator("#editor-turn-black").check();
  await expect(page.locator("#editor-ep option")).toHaveText(["none", "d3"]);
  await page.locator("#editor-ep").selectOption("d3");
  await expect(fen(page)).toHaveValue("4k3/2P5/8/8/3P4/8/8/4K3 b - d3 0 1");
  // A FEN typed in that does not parse is said, and the position stays.
  await fen(page).fill("4k3/9/8/8/8/8/8/4K3 w - - 0 1");
  await fen(page).press("Enter");
  await expect(page.locator("#editor-problem")).toContainText("This FEN cannot be read:");
  await expect(editorSquare(page, "d4")).toHaveAttribute("aria-label", /white pawn on d4/);
});

test("a bad link's error goes when the fragment then opens the editor", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e9");
  await expect(page.locator("#error")).toBeVisible();
  await page.evaluate(() => { location.hash = "#edit&variant=grolman&fen=4k3/8/8/8/8/8/8/4K3%20w%20-%20-%200%201"; });
  await expect(page.locator("#editor")).toBeVisible();
  await expect(page.locator("#error")).toBeHidden();
});

test("play from here opens the edited position as a game", async ({ page }) => {
  await openPage(page);
  await page.locator("#edit-open").click();
  await page.locator("#editor-clear").click();
  await page.locator("#editor-start").click();
  await page.locator("#editor-mirror").click();
  await expect(fen(page)).toHaveValue("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1");
  await page.locator("#editor-flip-colours").click();
  await expect(fen(page)).toHaveValue("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b - - 0 1");
  await page.locator("#editor-play").click();
  await expect(page.locator("#editor")).toBeHidden();
  await expect(page.locator("#fen")).toHaveValue("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b - - 0 1");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("palette taps place units", async ({ page }) => {
    await openPage(page, "#edit&variant=tatarstan&fen=4k3/8/8/8/8/8/8/4K3%20w%20-%20-%200%201");
    await paletteUnit(page, "black queen").tap();
    await editorSquare(page, "d8").tap();
    await expect(fen(page)).toHaveValue("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
    await expect(page.locator("#editor-variant")).toHaveValue("tatarstan");
    await page.screenshot({ path: "/tmp/studio-shots/editor-390.png", fullPage: true });
  });
});
