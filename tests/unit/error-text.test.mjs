// Errors shown to people (web/i18n/error-text.js) against the real wasm: the facade's errors
// said in English read exactly as the crate's messages, and in the other languages they are the
// catalogs' texts with the error's facts (a square, a rank, the wrapped error) filled in. The
// page's package carries no English messages (its `message` is the code): its errors read the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import init, * as page from "../../pkg/grolman.js";
// PGN and the board editor's questions are in the extras package (pkg/extras/), as the page loads
// them; its errors carry the crate's English messages.
import initExtras, * as extras from "../../pkg/extras/grolman_extras.js";
import { useLanguage } from "../../web/i18n/index.js";
import { errorFrom, errorData, errorText, errorTexts } from "../../web/i18n/error-text.js";

await init({ module_or_path: readFileSync(new URL("../../pkg/grolman_bg.wasm", import.meta.url)) });
await initExtras({ module_or_path: readFileSync(new URL("../../pkg/extras/grolman_extras_bg.wasm", import.meta.url)) });
// The errors part of the catalogs, which the playground loads once its board is playable.
await errorTexts();
const { Game, piecesOf } = page;
const { examineSetup, readPgn, setupOf } = extras;

const thrown = (run) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
};

/** Errors of every family a playable board meets, from one package: FEN, position, turn codes,
 *  variant, the game's end. */
const BOARD_ERRORS = ({ Game, piecesOf }) => {
  const grolman = new Game("grolman");
  const over = new Game("orthodox", "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
  return [
    thrown(() => new Game("grolman", "8/8/8/8/8/8/8/9 w - - 0 1")),
    thrown(() => new Game("grolman", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
    thrown(() => new Game("grolman", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")),
    thrown(() => piecesOf("8/8/8/8/8/8/8/8 w - - 0 1")),
    thrown(() => piecesOf("4k3/8/8/8/8/8/8/4K2P w - - 0 1")),
    thrown(() => new Game("shogi")),
    thrown(() => grolman.play("e2e5")),
    thrown(() => grolman.play("e2e9")),
    thrown(() => grolman.play("")),
    thrown(() => grolman.play("e2e4,f1e2")),
    thrown(() => grolman.play("e2e4,a2a3")),
    thrown(() => grolman.turnsLedBy("e2", "z9")),
    thrown(() => grolman.readTreeCodes("e2e4 (e7e5")),
    thrown(() => grolman.setNote(0, { shapes: [{ color: "pink", from: "e2", to: "e4" }] })),
    thrown(() => over.play("h8g8")),
  ];
};

/** Errors of every family the page meets: the board's, PGN and the board editor's. */
const ERRORS = () => [
  ...BOARD_ERRORS(extras),
  thrown(() => readPgn("1. e4 {unclosed")),
  thrown(() => readPgn('[Variant "Grolman"]\n\n1. e4 e5 2. Ke3')),
  thrown(() => setupOf("8/8/8/8/8/8/8/8 w KX - 0 1")),
];

test("in English every error of the facade reads as the crate's message", async () => {
  await useLanguage("en");
  for (const error of ERRORS()) {
    assert.ok(error.code, `no code: ${error.message}`);
    assert.equal(errorText(error), error.message, error.code);
  }
  const illegal = examineSetup(setupOf("4k3/8/8/8/8/8/8/4K2P w - - 0 1")).error;
  assert.equal(errorText(illegal), illegal.message);
});

test("the page's package throws its errors as code and facts, and they read as the crate's messages", async () => {
  await useLanguage("en");
  const said = BOARD_ERRORS(extras);
  BOARD_ERRORS(page).forEach((error, i) => {
    assert.equal(error.message, error.code, "the page's package carries no English message");
    assert.equal(error.code, said[i].code);
    assert.equal(errorText(error), said[i].message, error.code);
  });
});

test("in Russian, Spanish and German an error names its facts in that language", async () => {
  // From the extras package, whose errors carry the English message the texts must differ from.
  const bad = thrown(() => new extras.Game("grolman", "8/8/8/8/8/8/8/9 w - - 0 1"));
  const noKing = thrown(() => extras.piecesOf("8/8/8/8/8/8/8/4K3 w - - 0 1"));
  const illegal = thrown(() => new extras.Game("grolman").play("e2e5"));
  for (const language of ["ru", "es", "de"]) {
    await useLanguage(language);
    for (const error of [bad, noKing, illegal]) {
      const text = errorText(error);
      assert.notEqual(text, error.message, `${language}: ${error.code} is not translated`);
      assert.doesNotMatch(text, /\{\w+\}/, `${language}: a placeholder is left in ${text}`);
    }
    assert.match(errorText(bad), /\b1\b/);
    assert.match(errorText(illegal), /e2.*e5/);
  }
  await useLanguage("ru");
  assert.match(errorText(noKing), /чёрных/);
  await useLanguage("de");
  assert.match(errorText(noKing), /Schwarz/);
  await useLanguage("en");
});

test("an error posted by the engine worker keeps its code and facts", async () => {
  await useLanguage("de");
  const error = thrown(() => new Game("grolman").play("e2e5"));
  const posted = errorFrom(structuredClone(errorData(error)));
  assert.equal(posted.code, "turn.illegal");
  assert.equal(errorText(posted), errorText(error));
  await useLanguage("en");
});
