// The page in four languages: the browser's language by default, a picker in the header that
// switches without losing the game, the choice remembered across a reload.
import { test, expect } from "@playwright/test";
import { clickMove, openPage, turnButtons } from "./helpers.js";

test.describe("a browser that prefers German", () => {
  test.use({ locale: "de-DE" });
  test("opens the page in German, down to the empty move list's note, which follows a change of language", async ({ page }) => {
    await openPage(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("#language")).toHaveValue("de");
    await expect(page.locator("header label").filter({ has: page.locator("#language") })).toContainText("Sprache");
    // The empty move list's note (a CSS ::before, from the catalog like every other text).
    await expect.poll(() => page.locator("#moves").evaluate((list) => getComputedStyle(list, "::before").content))
      .toBe('"Noch kein Zug gespielt."');
    await page.locator("#language").selectOption("ru");
    await expect.poll(() => page.locator("#moves").evaluate((list) => getComputedStyle(list, "::before").content))
      .toBe('"Ходов ещё не было."');
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

// One link per language: 1.e4, then a turn code that cannot be played. The page shows the turn
// in the language's piece letters, the cascade's sentences in the language, and its own error
// sentence about the link in the language (the rules' reason after the colon is the crate's).
const LANGUAGE_CASES = [
  { code: "en", turn: "e4 (Ng1-e2, Rh1-g1)",
    end: "e4 (Ng1-e2, Rh1-g1). White can no longer castle king side. Black to move.",
    follow: "e2 is empty: Ng1, Bf1, Qd1 and Ke1 can reach it; the knight is the weakest: Ng1-e2.",
    error: 'Turn 2 of the link ("zzzz") cannot be played: ' },
  { code: "ru", turn: "e4 (Кg1-e2, Лh1-g1)",
    end: "e4 (Кg1-e2, Лh1-g1). Белые теряют право на короткую рокировку. Ходят чёрные.",
    follow: "Поле e2 свободно: туда могут пойти Кg1, Сf1, Фd1 и Крe1; слабее всех — конь: Кg1-e2.",
    error: "Ход 2 ссылки («zzzz») невозможен: " },
  { code: "es", turn: "e4 (Cg1-e2, Th1-g1)",
    end: "e4 (Cg1-e2, Th1-g1). Las blancas ya no pueden enrocar corto. Juegan las negras.",
    follow: "La casilla e2 queda vacía: Cg1, Af1, Dd1 y Re1 pueden llegar a ella; la más débil es el caballo: Cg1-e2.",
    error: "La jugada 2 del enlace («zzzz») no se puede jugar: " },
  { code: "de", turn: "e4 (Sg1-e2, Th1-g1)",
    end: "e4 (Sg1-e2, Th1-g1). Weiß kann nicht mehr kurz rochieren. Schwarz ist am Zug.",
    follow: "e2 ist frei: Sg1, Lf1, Dd1 und Ke1 können es erreichen; am schwächsten ist der Springer: Sg1-e2.",
    error: "Zug 2 des Links („zzzz“) ist nicht spielbar: " },
];

for (const { code, turn, end, follow, error } of LANGUAGE_CASES) {
  test(`in ${code}: a turn's notation, a cascade sentence and an error message read from the page`, async ({ page }) => {
    await page.addInitScript((language) => {
      localStorage.setItem("grolman.prefs", JSON.stringify({ autoplay: false, language }));
    }, code);
    await openPage(page, "#variant=grolman&m=e2e4&m=zzzz");
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(turnButtons(page)).toHaveText([turn]);
    // PGN, turn codes and the link keep the English letters.
    await expect(turnButtons(page).first()).toHaveAttribute("data-notation", "e4 (Ng1-e2, Rh1-g1)");
    await expect(page.locator("#cascade-text")).toHaveText(end);
    await page.locator("#step-first").click();
    await page.locator("#step-next").click();
    await page.locator("#step-next").click();
    await expect(page.locator("#cascade-text")).toHaveText(follow);
    await expect(page.locator("#error-text")).toContainText(error);
  });
}

test("figurines replace the letters in the move list, and the choice is remembered", async ({ page }) => {
  await openPage(page, "#variant=grolman&m=e2e4");
  await page.locator("#piece-letters").selectOption("figurines");
  await expect(turnButtons(page)).toHaveText(["e4 (♘g1-e2, ♖h1-g1)"]);
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(turnButtons(page)).toHaveText(["e4 (♘g1-e2, ♖h1-g1)"]);
});

// The texts the page words from the crates' data: a diagram's text alternative (the element's
// hidden description and the SVG's <title> and <desc>) and the solver's publication text (its
// words and verdict; the moves in the letters chosen, English by default).
const WORDED = [
  { code: "en", position: "Position: White: Ke1, Bf1, Ne2. Black: Kg8, Re8.",
    svg: "<title>Chess diagram</title><desc>White: Ke1, Bf1, Ne2. Black: Kg8, Re8. (3+2)</desc>",
    published: ["1.Kb3 (Na5-c4)! threat: 2.Rf1#", "1 key: sound"] },
  { code: "ru", position: "Позиция: Белые: Крe1, Сf1, Кe2. Чёрные: Крg8, Лe8.",
    svg: "<title>Шахматная диаграмма</title><desc>Белые: Крe1, Сf1, Кe2. Чёрные: Крg8, Лe8. (3+2)</desc>",
    published: ["1.Kb3 (Na5-c4)! угроза: 2.Rf1#", "1 ключ: корректна"] },
  { code: "es", position: "Posición: Blancas: Re1, Af1, Ce2. Negras: Rg8, Te8.",
    svg: "<title>Diagrama de ajedrez</title><desc>Blancas: Re1, Af1, Ce2. Negras: Rg8, Te8. (3+2)</desc>",
    published: ["1.Kb3 (Na5-c4)! amenaza: 2.Rf1#", "1 clave: correcto"] },
  { code: "de", position: "Stellung: Weiß: Ke1, Lf1, Se2. Schwarz: Kg8, Te8.",
    svg: "<title>Schachdiagramm</title><desc>Weiß: Ke1, Lf1, Se2. Schwarz: Kg8, Te8. (3+2)</desc>",
    published: ["1.Kb3 (Na5-c4)! Drohung: 2.Rf1#", "1 Schlüsselzug: korrekt"] },
];

for (const { code, position, svg, published } of WORDED) {
  test(`in ${code}: a diagram's description and the solver's publication text`, async ({ page }) => {
    await page.addInitScript((language) => {
      localStorage.setItem("grolman.prefs", JSON.stringify({ autoplay: false, language }));
    }, code);
    await page.goto("learn.html#pinned");
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    const board = page.locator("#pinned grolman-board").first();
    await expect(board.locator(".caption .visually-hidden")).toHaveText(position);
    expect(await board.evaluate((element) => element.diagramSvg())).toContain(svg);

    await openPage(page);
    await page.locator("#solve-panel").evaluate((details) => { details.open = true; });
    await page.fill("#solve-text", "BeginProblem\nCondition GrolmanChess\nPieces White Kc4 Rf6 Bg4 Sa5 Black Kb1 Pa6c7\nStipulation #2\nEndProblem");
    await page.click("#solve-start");
    for (const line of published) await expect(page.locator("#solution-text")).toContainText(line, { timeout: 15_000 });
  });
}

// A counted text in each language's plural forms, read from the page: the prompt that names the
// start of a game of 1, 2, 5 and 21 moves (Russian has three forms: 1 and 21 хода, 2 ходов,
// 5 ходов after "из"). The game: 21 random quiet Grolman moves of each side, as turn codes.
const GAME = [
  "a2a3,a1a2", "c7c6,d8c7,e8d8", "d2d4,b1d2", "c6c5,b8c6,a8b8", "d2b1,c1d2,d1c1,e1d1",
  "b8a8,c6b8,c7c6,d8c7", "c2c4,c1c2,d2c1,b1d2", "a7a6,a8a7", "g1f3,h1g1", "c7d6,c6c7,b8c6",
  "c2a4,d1c2", "c6b8,c7c6,d6c7,d7d6,c8d7", "d2b3,f3d2,f2f3", "c7c8,c6c7,b8c6", "c2b1",
  "a6a5,a7a6,c6a7,d7c6,c7d7,c8c7", "e2e3,f1e2,d2f1,b3d2,b2b3,c1b2,b1c1", "d7g4,c6d7,a7c6,a6a7",
  "c1c2,b2c1,a2b2", "e7e5,g8e7,h8g8", "h2h4,f1h2,d2f1,c1d2,c2c1,b2c2", "b7b6,a7b7,c6a7,e7c6,f8e7,g8f8",
  "e2d3", "c6b8,a7c6,b7a7,c7b7", "f1g3,h2f1", "e7g5,c6e7,b8c6,f8b8", "d2e1,f1d2,g3f1,g2g3,g1g2",
  "b7c8,a7b7,c6a7,e7c6,g5e7,g7g5", "f3f4,d2f3,f1d2,d3f1",
  "c6d8,a7c6,b7a7,b8b7,c8b8,d7c8,g4d7,g5g4,e7g5", "b3b4,d2b3,f3d2",
  "d6d5,d7d6,c8d7,b8c8,c6b8,d8c6,g5d8", "d2e4,b3d2,a4b3,a3a4", "h7h5", "e4f2,e3e4,b3e3,d2b3,e1d2",
  "c6e7,b8c6,b7b8,a7b7", "b4b5,d2b4,b3d2,e3b3", "c8c7,e7c8,c6e7,d7c6,d6d7",
  "f2d1,g2f2,f1g2,d2f1,b4d2,b3b4", "e7g8,c8e7,b8c8,b7b8,c6b7,d7c6,c7d7,d8c7",
  "d2e3,f1d2,g2f1,f2g2,d1f2,c1d1,c2c1", "g8f6,e7g8,d7e7,c6d7,b7c6,b8b7,c7b8,c8c7",
];
const STARTS = {
  ru: ["начало партии из 1 хода.", "начало партии из 2 ходов.", "начало партии из 5 ходов.", "начало партии из 21 хода."],
  es: ["el inicio de una partida de 1 jugada:", "el inicio de una partida de 2 jugadas:", "el inicio de una partida de 5 jugadas:", "el inicio de una partida de 21 jugadas:"],
  de: ["der Anfang einer Partie mit 1 Zug.", "der Anfang einer Partie mit 2 Zügen.", "der Anfang einer Partie mit 5 Zügen.", "der Anfang einer Partie mit 21 Zügen."],
};

for (const [code, starts] of Object.entries(STARTS)) {
  test(`in ${code}: the start of a game of 1, 2, 5 and 21 moves takes the plural form of each number`, async ({ page }) => {
    await page.addInitScript((language) => {
      localStorage.setItem("grolman.prefs", JSON.stringify({ autoplay: false, language }));
    }, code);
    for (const [i, moves] of [1, 2, 5, 21].entries()) {
      await openPage(page, `#variant=grolman&${GAME.slice(0, 2 * moves).map((turn) => `m=${turn}`).join("&")}`);
      await expect(turnButtons(page)).toHaveCount(2 * moves);
      await page.click("#turn-first");
      await expect(page.locator("#prompt")).toContainText(starts[i]);
    }
  });
}
