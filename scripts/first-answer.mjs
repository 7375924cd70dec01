// The computer's first answers as a player meets them: a fresh visit (its own browser context,
// so its own renderer process, HTTP cache and compiled wasm), the computer playing Black, the
// player's first turn entered `--idle` ms after the page is ready (a player looks at the board
// first), and then a second turn. For each of the computer's answers it prints the search's own
// speed (nodes per millisecond of the search, from the engine worker's report) and the wait from
// the turn to the worker's answer (which includes starting the worker and compiling the engine
// when nothing did so before). Prints figures; asserts nothing.
// Usage: node scripts/first-answer.mjs [--roots DIR,DIR...] [--visits N] [--idle MS] [--level N]
//        [--variants orthodox,grolman,tatarstan]   (after `make build` in each DIR; DIR defaults
//        to this checkout; several DIRs take turns, visit by visit, so that they meet the same load)
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { loadavg } from "node:os";
import { median, servedChromium } from "./served-chromium.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const roots = option("roots", here).split(",").map((dir) => resolve(dir));
const visits = Number(option("visits", "3"));
const idleMs = Number(option("idle", "3000"));
const level = Number(option("level", "3"));
const variants = option("variants", "orthodox,grolman,tatarstan").split(",");

const served = [];
for (const root of roots) served.push(await servedChromium(root));

/** One visit: the computer's first two answers, `[{ nodes, searchMs, waitMs, depth }]`. */
async function visit({ base, browser }, variant) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The engine worker's answers, as they reach the page: the worker's own report of the search.
  await context.addInitScript((prefs) => {
    localStorage.setItem("grolman.prefs", JSON.stringify(prefs));
    window.engineAnswers = [];
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...rest) {
        super(...rest);
        this.addEventListener("message", ({ data }) => {
          if (data?.ok && typeof data.result?.nodes === "number") {
            window.engineAnswers.push({ nodes: data.result.nodes, searchMs: data.result.timeMs, depth: data.result.depth, at: performance.now() });
          }
        });
      }
    };
  }, { computer: "black", level });
  const page = await context.newPage();
  await page.goto(`${base}index.html#variant=${variant}`);
  await page.waitForSelector("body[data-ready]");
  await page.waitForTimeout(idleMs);
  const answers = [];
  for (let turn = 0; turn < 2; turn += 1) {
    // White's turn: the first of the facade's legal turns that the computer has not answered yet.
    await page.waitForFunction(() => {
      const c = window.grolman.controller;
      return c.game.turnColor() === "white" && !c.player.playing;
    }, null, { timeout: 600_000 });
    const played = await page.evaluate(() => {
      const c = window.grolman.controller;
      const code = c.game.turns()[0].code;
      c.play(code);
      return performance.now();
    });
    const answer = await page.waitForFunction((count) => window.engineAnswers[count], turn, { timeout: 600_000, polling: 50 });
    const a = await answer.jsonValue();
    answers.push({ ...a, waitMs: a.at - played });
  }
  await context.close();
  return answers;
}

const rate = (a) => a.nodes / a.searchMs;
console.log(`the computer's first answers (Black, level ${level}): ${visits} fresh visits per variant and checkout, ` +
  `the first turn ${idleMs} ms after the page is ready; load ${loadavg()[0].toFixed(1)}`);
try {
  for (const variant of variants) {
    const runs = roots.map(() => []);
    for (let i = 0; i < visits; i += 1) {
      for (const [at, server] of served.entries()) runs[at].push(await visit(server, variant));
    }
    for (const [at, root] of roots.entries()) {
      const column = (n, f) => runs[at].map((r) => f(r[n]));
      const show = (n) => `${median(column(n, rate)).toFixed(0)} nodes/ms (${column(n, rate).map((x) => x.toFixed(0)).join(", ")}), ` +
        `depth ${median(column(n, (a) => a.depth))}, answer after ${median(column(n, (a) => a.waitMs)).toFixed(0)} ms`;
      console.log(`${variant.padEnd(9)} ${root}\n  first answer: ${show(0)}\n  second:       ${show(1)}`);
    }
  }
  console.log(`load ${loadavg()[0].toFixed(1)}`);
} finally {
  for (const { stop } of served) await stop();
}
