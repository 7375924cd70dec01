// Errors from the rules crate and the lessons, read from the page in Russian, Spanish and German:
// the crate hands over an error's code and facts, the page says it in the chosen language.
import { test, expect } from "@playwright/test";
import { openPage, screenshot } from "./helpers.js";

const LANGUAGES = [
  {
    locale: "ru-RU",
    turn: "невозможный ход «e2e5»: нет допустимого хода с e2 на e5",
    fen: "горизонталь 1: недопустимая цифра «9»",
    title: "1. Последователь",
    claim: "За 1. e4 следуют конь с g1, а затем ладья с h1: e4 (Кg1-e2, Лh1-g1).",
    problem: "строка 2, «Threat»: после этого нужно: число ходов, а текст кончился",
  },
  {
    locale: "es-ES",
    turn: "jugada ilegal «e2e5»: ninguna jugada legal va de e2 a e5",
    fen: "fila 1: dígito «9» no válido",
    title: "1. Una seguidora",
    claim: "A 1. e4 le siguen el caballo de g1 y luego la torre de h1: e4 (Cg1-e2, Th1-g1).",
    problem: "línea 2, en «Threat»: se esperaba un número de jugadas a continuación, pero el texto termina",
  },
  {
    locale: "de-DE",
    turn: "unzulässiger Zug „e2e5“: kein zulässiger Zug führt von e2 nach e5",
    fen: "Reihe 1: ungültige Ziffer „9“",
    title: "1. Ein Folgestein",
    claim: "Auf 1. e4 folgen der Springer von g1 und dann der Turm von h1: e4 (Sg1-e2, Th1-g1).",
    problem: "Zeile 2, bei „Threat“: danach eine Anzahl von Zügen erwartet, aber der Text ist zu Ende",
  },
];

for (const language of LANGUAGES) {
  test.describe(`a browser that prefers ${language.locale}`, () => {
    test.use({ locale: language.locale });

    test("says a bad turn code of a link and a bad FEN in its language, with their facts", async ({ page }, testInfo) => {
      await openPage(page, "#variant=grolman&m=e2e5");
      await expect(page.locator("#error")).toContainText(language.turn);
      await page.fill("#fen", "8/8/8/8/8/8/8/9 w - - 0 1");
      await page.click("#fen-form button[type=submit]");
      await expect(page.locator("#fen-error")).toContainText(language.fen);
      await screenshot(page, testInfo, `errors-${language.locale}`);
    });

    test("says what a problem text lacks in its language", async ({ page }) => {
      await openPage(page);
      await page.locator("#solve-panel").evaluate((details) => { details.open = true; });
      await page.fill("#solve-text", "BeginProblem\nOption Threat");
      await page.click("#solve-start");
      await expect(page.locator("#solve-error")).toContainText(language.problem, { timeout: 15_000 });
    });

    test("shows the lessons in its language", async ({ page }, testInfo) => {
      await page.goto("learn.html");
      await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
      await expect(page.locator("#follower h2")).toContainText(language.title);
      await expect(page.locator("#follower .claims li").nth(1)).toContainText(language.claim);
      await screenshot(page, testInfo, `lessons-${language.locale}`);
    });
  });
}
