// How long the computer takes to answer, as a player sees it: from the press that enters your
// turn to the moment its reply is in the move list ("reply"), and to the moment you may lead
// again ("playable": its reply's replay over). Default settings (replay each turn, speed 1×);
// the computer plays Black. Then, per level, what the search really reaches (depth and time of
// the computer's own report) after 1.e4-like first turns. Prints figures; asserts nothing.
// Usage: node scripts/answer-time.mjs [--root DIR] [--turns N] [--variants grolman,tatarstan]
//        [--levels 1,3] [--depths]   (after `make build`; DIR defaults to this checkout;
//        --turns 0 --depths: the depths only)
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { median, servedChromium } from "./served-chromium.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(option("root", here));
const turns = Number(option("turns", "5"));
const variants = option("variants", "grolman,tatarstan").split(",");
const levels = option("levels", "1,3").split(",").map(Number);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const { base, browser, stop } = await servedChromium(root);

/** A page at the start of `variant`, the computer playing Black at `level`. */
async function open(variant, level, prefs = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript((p) => localStorage.setItem("grolman.prefs", JSON.stringify(p)),
    { computer: "black", level, ...prefs });
  await page.goto(`${base}index.html#variant=${variant}`);
  await page.waitForSelector("body[data-ready]");
  // The last press on the board, in page time: the moment a turn is entered.
  await page.evaluate(() => {
    document.querySelector(".board").addEventListener("pointerdown", () => { window.lastPress = performance.now(); },
      { capture: true });
  });
  return page;
}

/** Enters one of White's turns by clicking, taking any open choice's first option. The leader
 *  is picked by `seed` among the marked ones, so runs repeat. */
async function enterTurn(page, seed) {
  const leaders = await page.$$eval(".board .square.leader", (nodes) => nodes.map((n) => n.dataset.square).sort());
  const from = leaders[(seed * 7) % leaders.length];
  await page.click(`.board .square[data-square="${from}"]`);
  // The board draws at the next animation frame.
  await page.waitForSelector(".board .square.dest-move, .board .square.dest-capture");
  const dests = await page.$$eval(".board .square.dest-move, .board .square.dest-capture",
    (nodes) => nodes.map((n) => n.dataset.square).sort());
  await page.click(`.board .square[data-square="${dests[seed % dests.length]}"]`);
  // A tie or a promotion: the first option.
  for (let i = 0; i < 20; i += 1) {
    const open = await page.evaluate(() => ({
      choosable: document.querySelector(".board .square.choosable")?.dataset.square ?? null,
      picker: !document.getElementById("picker").hidden,
    }));
    if (open.picker) await page.click("#picker .picker-option");
    else if (open.choosable) await page.click(`.board .square[data-square="${open.choosable}"]`);
    else if (i > 0) break;
    await page.waitForTimeout(50);
  }
}

/** Plays `turns` White turns; for each, the times to the reply and to a playable board. */
async function answerTimes(variant, level) {
  const page = await open(variant, level);
  const rows = [];
  for (let turn = 1; turn <= turns; turn += 1) {
    await enterTurn(page, turn);
    const target = 2 * turn;
    const times = await page.evaluate((count) => new Promise((done) => {
      let reply = null;
      const check = () => {
        const listed = document.querySelectorAll("#moves button.turn").length;
        const now = performance.now();
        const over = document.querySelector("#status.over:not([hidden])");
        if (reply === null && listed >= count) reply = now;
        if (over) return done({ reply: reply ?? now, playable: now, over: true });
        if (reply !== null && document.querySelector(".board .square.leader")) {
          return done({ reply: reply - window.lastPress, playable: now - window.lastPress,
                        state: document.getElementById("computer-state").textContent });
        }
        setTimeout(check, 20);
      };
      check();
    }), target);
    if (times.over) break;
    rows.push(times);
  }
  await page.close();
  return rows;
}

/** One search per level from the position after 1.e4 (first White turn of enterTurn), without
 *  replay: the depth and time the computer reports. It waits as long as the level may think
 *  (its time from the facade's engineLevels, which the page plays by), and a minute more for
 *  the worker's start and a loaded machine. */
async function depths(variant) {
  const out = [];
  for (const level of [1, 2, 3, 4, 5]) {
    const page = await open(variant, level, { autoplay: false });
    // The page's bundle holds its own copy of the package's glue, so this one is initialised
    // here (at once when it is the page's own, unbundled).
    const thinkMs = await page.evaluate(async ([v, l]) => {
      const glue = await import("./pkg/grolman.js");
      await glue.default();
      return glue.engineLevels(v)[l - 1].movetimeMs;
    }, [variant, level]);
    await enterTurn(page, 1);
    await page.waitForFunction(() => document.querySelectorAll("#moves button.turn").length >= 2, null,
      { timeout: thinkMs + 60_000 });
    await page.waitForFunction(() => /Computer played/.test(document.getElementById("computer-state").textContent));
    const text = await page.textContent("#computer-state");
    const m = text.match(/depth (\d+).*?([\d.]+) s,/);
    out.push({ level, depth: m ? Number(m[1]) : NaN, time: m ? Number(m[2]) : NaN });
    await page.close();
  }
  return out;
}

try {
  console.log(`answer time of the computer (Black), ${root}, ${turns} turns, replay on, speed 1x`);
  for (const variant of turns > 0 ? variants : []) {
    for (const level of levels) {
      const rows = await answerTimes(variant, level);
      const reply = rows.map((r) => r.reply);
      const playable = rows.map((r) => r.playable);
      console.log(`${variant.padEnd(9)} level ${level}: reply on the board after ${seconds(median(reply))} ` +
        `(median of ${rows.length}; ${reply.map(seconds).join(", ")}), playable again after ` +
        `${seconds(median(playable))}`);
    }
  }
  if (args.includes("--depths")) {
    for (const variant of variants) {
      const rows = await depths(variant);
      console.log(`${variant.padEnd(9)} depth reached after the first turn: ` +
        rows.map((r) => `level ${r.level}: depth ${r.depth} in ${r.time} s`).join("; "));
    }
  }
} finally {
  await stop();
}
