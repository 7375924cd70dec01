// The cascade replay against the rules: for every legal turn of many positions, replaying the
// turn's events on the board before it (web/cascade/walker.js) must give exactly the position
// of the turn's FEN, and every step must have a sentence. Runs the real wasm in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import init, { Game, piecesOf } from "../../pkg/grolman.js";
import { stepsOf } from "../../web/cascade/walker.js";
import { piecesFrom } from "../../web/board/state.js";
import { useLanguage } from "../../web/i18n/index.js";

await init({ module_or_path: readFileSync(new URL("../../pkg/grolman_bg.wasm", import.meta.url)) });
await useLanguage("en");

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const POSITIONS = [
  START,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1",
  "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
  "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1",
  "8/P3k3/8/8/8/8/8/4K3 w - - 0 1",
  "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
];

/** piecesOf must accept every FEN the game reports (en passant after a refilled start square too). */
const placement = (fen) => piecesFrom(piecesOf(fen));

const key = (pieces) => [...pieces].map(([s, p]) => `${s}:${p.color[0]}${p.role}`).sort().join(" ");

function checkTurns(game, where) {
  const before = placement(game.fen());
  const turns = game.turns();
  for (const turn of turns) {
    const after = placement(turn.fen);
    const steps = stepsOf(turn, before, after);
    const replayed = steps[steps.length - 2].pieces; // the board after the last event
    assert.equal(key(replayed), key(after), `${where}: replaying ${turn.code} (${turn.notation}) misses its FEN ${turn.fen}`);
    for (const step of steps) assert.ok(step.text.length > 0, `${where}: ${turn.code} has a step without a sentence`);
  }
  return turns;
}

for (const variant of ["orthodox", "grolman", "tatarstan"]) {
  test(`${variant}: replaying the events of every turn reaches the turn's position`, () => {
    for (const fen of POSITIONS) {
      let game;
      try {
        game = new Game(variant, fen);
      } catch {
        continue; // a position that this variant refuses (none today) is not the replay's business
      }
      checkTurns(game, `${variant} ${fen}`);
      game.free();
    }
  });

  test(`${variant}: the replay holds along pseudo-random games`, () => {
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    // Tatarstan positions soon fill with queens and hundreds of turns: fewer, shorter games.
    const [games, plies] = variant === "tatarstan" ? [2, 16] : [6, 40];
    for (let g = 0; g < games; g++) {
      const game = new Game(variant);
      for (let ply = 0; ply < plies; ply++) {
        const turns = checkTurns(game, `${variant} game ${g} ply ${ply}`);
        if (!turns.length) break;
        game.play(turns[Math.floor(random() * turns.length)].code);
      }
      game.free();
    }
  });
}
