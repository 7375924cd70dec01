// The computer's levels are the engine's (crates/grolman-engine/src/level.rs, through the facade's
// engineLevels), and what each means is said in the page's catalog: the English catalog must say
// exactly what the engine's table says, so a level retuned in Rust cannot leave the page telling
// an older story (as happened once the levels were calibrated by matches).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
// The engine package's levels carry the engine's English label and meaning (the page's do not).
import init, { engineLevels } from "../../pkg/engine/grolman_engine.js";
import { useLanguage } from "../../web/i18n/index.js";
import { levelMeaning } from "../../web/ui/opponent.js";

await init({ module_or_path: readFileSync(new URL("../../pkg/engine/grolman_engine_bg.wasm", import.meta.url)) });
await useLanguage("en");

test("every level's meaning in the English catalog is the engine's own, in every variant", () => {
  for (const variant of ["orthodox", "grolman", "tatarstan"]) {
    for (const level of engineLevels(variant)) {
      assert.equal(levelMeaning(level), level.meaning, `${variant} level ${level.level}`);
    }
  }
});
