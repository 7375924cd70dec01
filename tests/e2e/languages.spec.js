// The page in four languages: the browser's language by default, a picker in the header that
// switches without losing the game, the choice remembered across a reload.
import { test, expect } from "@playwright/test";
import { clickMove, openPage, turnButtons } from "./helpers.js";

test.describe("a browser that prefers German", () => {
  test.use({ locale: "de-DE" });
  test("opens the page in German", async ({ page }) => {
    await openPage(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("#language")).toHaveValue("de");
    await expect(page.locator("header label").filter({ has: page.locator("#language") })).toContainText("Sprache");
  });
});

test("the picker switches the language, keeps the game, and is remembered across a reload", async ({ page }) => {
  await openPage(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await clickMove(page, "e2", "e4");
  await expect(turnButtons(page)).toHaveCount(1);
  await page.locator("#language").selectOption("ru");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.locator("header label").filter({ has: page.locator("#language") })).toContainText("Язык");
  await expect(turnButtons(page)).toHaveCount(1);
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.locator("#language")).toHaveValue("ru");
  await expect(turnButtons(page)).toHaveCount(1);
});
