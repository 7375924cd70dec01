// The solve panel's publication text (web/ui/solution.js) against the real solver (the engine
// worker's wasm, pkg/engine/): in English it reads exactly as the solver's own text (`text`,
// what `grolman solve` prints), every word of the solver's layout in use; in Russian, Spanish and
// German its words and verdicts are the catalog's, with no English word left, and its moves
// keep the letters asked for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import init, { solveProblem } from "../../pkg/engine/grolman_engine.js";
import initPage from "../../pkg/grolman.js";
import english from "../../web/i18n/en/panels.js";
import { load, t, useLanguage } from "../../web/i18n/index.js";
import { ENGLISH } from "../../web/i18n/notation.js";
import { solutionText } from "../../web/ui/solution.js";

await init({ module_or_path: readFileSync(new URL("../../pkg/engine/grolman_engine_bg.wasm", import.meta.url)) });
// The page's package writes the moves in other letters (wasm notationIn), as on the page.
await initPage({ module_or_path: readFileSync(new URL("../../pkg/grolman_bg.wasm", import.meta.url)) });

const problem = (pieces, stipulation, options) =>
  `BeginProblem\nPieces ${pieces}\nStipulation ${stipulation}\nOption ${options}\nEndProblem`;

/** Problems whose reports use every part of the layout: set play, tries and refutations,
 *  threats, zugzwang, play after the key, short and full helpmates, twins (one illegal), and
 *  the verdicts sound, cooked and none. */
const PROBLEMS = [
  problem("White Kb6 Qg1 Black Ka8 Pb7", "#2", "SetPlay Try"),
  problem("White Kc7 Rh1 Bb5 Black Ka7 Pb6", "#2", "PostKeyPlay"),
  problem("White Kf6 Qg1 Black Kh8 Pa5", "h#2", "NoBoard"),
  "BeginProblem\nTitle Grolman twins\nCondition GrolmanChess\nPieces White Kc4 Rf6 Bg4 Sa5 Black Kb1 Pa6c7\n" +
    "Stipulation #2\nTwin Move a5 b7\nTwin Continued Stipulation h#2 Exchange b1 c4\nTwin Remove b1\nEndProblem",
  // Every twin change in a heading of its own (the Shift pushes nothing off the board).
  "BeginProblem\nPieces White Kc4 Rf6 Bg4 Sa5 Black Kb1 Pa6c7\nStipulation #2\nOption Duplex\n" +
    "Twin Rotate 90\nTwin Mirror a1<-->h1\nTwin Shift c4 d4\nTwin PolishType\nTwin Add White Pe2 Black Sh8\n" +
    "Twin Substitute R Q\nTwin Remove c7\nTwin Exchange a5 g4\nTwin Stipulation h#2 Condition TatarstanChess\nEndProblem",
  "grolman 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1",
  "orthodox 7k/8/8/8/8/8/8/K7 w - - 0 1 #1",
];

const solved = PROBLEMS.map((text) => solveProblem(text, 0, undefined, undefined));
const twins = solved.flatMap((problems) => problems.flatMap((p) => p.twins));

test("in English the publication text reads as the solver's own text", async () => {
  await useLanguage("en");
  for (const problems of solved) {
    const own = problems.flatMap((p) => [...(p.title ? [p.title] : []), ...p.twins.map((twin) => twin.text.trimEnd())]).join("\n\n");
    assert.equal(solutionText(problems, { letters: ENGLISH }), own);
  }
});

test("the problems use every word of the solver's layout, each with a text", () => {
  const words = new Set(twins.flatMap((twin) => twin.lines.flatMap((line) => line.parts.map((p) => p.word).filter(Boolean))));
  const catalog = Object.keys(english).filter((key) => /^publication\.[a-z-]+$/.test(key) && !["publication.illegal", "publication.none", "publication.setting"].includes(key));
  assert.deepEqual([...words].sort(), catalog.map((key) => key.slice("publication.".length)).sort());
  assert.deepEqual([...new Set(twins.map((twin) => twin.verdict))].sort(), ["cooked", "illegal", "none", "sound"]);
});

// (Zugzwang is Spanish and German too, and Russian writes цугцванг: it is checked as a text.)
// The twin headings' and the setting line's words too (Popeye's, and the FEN line's variant).
const LEFT_ENGLISH = /\b(threat|but|set play|after the key|short|keys?|solutions?|sound|cooked|intended|illegal twin|no solution|rotation|mirror|shift|PolishType|stipulation|condition|duplex|orthodox|grolman|tatarstan|Tatarstan chess)\b/;

for (const code of ["ru", "es", "de"]) {
  test(`in ${code} the publication text has the language's words and verdicts, and no English ones`, async () => {
    await load(code);
    await useLanguage(code);
    const text = solved.map((problems) => solutionText(problems, { letters: t("notation.letters") })).join("\n\n");
    assert.doesNotMatch(text.replaceAll("Grolman twins", ""), LEFT_ENGLISH);
    for (const word of ["threat", "but", "set-play", "after-key", "short", "zugzwang"]) assert.ok(text.includes(t(`publication.${word}`)), `${code}: ${word}`);
    // A twin's heading and the line of what is solved are the language's (b) Drehung 90,
    // Grolman-Schach #2 ...).
    for (const words of [t("twin.rotate", { degrees: 90 }), t("twin.polishType"), `${t("publication.variant.grolman")} #2  `]) {
      assert.ok(text.includes(words), `${code}: ${words}`);
    }
    // The moves keep their numbers and take the language's letters (the king's, Kb3).
    const kb3 = { ru: "1.Крb3", es: "1.Rb3", de: "1.Kb3" }[code];
    assert.ok(text.includes(kb3), `${code}: ${kb3}`);
    await useLanguage("en");
  });
}
