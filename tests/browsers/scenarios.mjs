// The end-to-end checks that every non-Chromium engine runs (the whole Playwright suite stays in
// Chromium): a turn with a tie, a cascade replay, a shared link, <grolman-board> in each of its
// modes (a study from a PGN too), the solver, the lessons, and offline use with a new build's
// hand-over (sw.js). Each is `run(session)` over session.mjs, so Firefox and
// WebKit run the very same steps.
import assert from "node:assert/strict";
import { loadedBuild, siteCopy } from "./server.mjs";

const TWO_ROOKS = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
const link = (variant, fen, ...moves) =>
  `index.html#variant=${variant}${fen ? `&fen=${encodeURIComponent(fen)}` : ""}${moves.map((m) => `&m=${m}`).join("")}`;
const TURNS = "#moves button.turn";
const piece = (square, board = ".board") => `${board} .piece[data-square="${square}"]`;
const POSITION = "4k3/8/b7/8/8/8/4K3/2N5 w - - 0 1";
// In the page: the builds the service worker's caches hold.
const builds = () => caches.keys().then((names) => names.filter((name) => name.startsWith("grolman-")));
const ready = () => document.body?.dataset.ready ?? null;

/** Fails on any error the page threw or rejected unhandled since `watchErrors` (run after load). */
async function watchErrors(session) {
  await session.run(() => {
    window.seenErrors = [];
    addEventListener("error", (event) => window.seenErrors.push(String(event.message)));
    addEventListener("unhandledrejection", (event) => window.seenErrors.push(String(event.reason)));
  });
}
const noErrors = async (session) => assert.deepEqual(await session.run(() => window.seenErrors), []);

export const scenarios = [
  {
    name: "a tie between two rooks is settled by clicking one, and the replay says who chose",
    async run(session) {
      await session.open(link("grolman", TWO_ROOKS));
      await watchErrors(session);
      await session.move("e1", "e2");
      await session.expectText("#prompt", "e1 is empty");
      await session.expectClass('.board .square[data-square="a1"]', "choosable");
      await session.expectClass('.board .square[data-square="h1"]', "choosable");
      await session.screenshot("tie-between-rooks");
      await session.click('.board .square[data-square="h1"]');
      await session.expectTexts(TURNS, ["Ke2 (Rh1-e1)"]);
      await session.expectAttribute(piece("e1"), "data-piece", "white rook");
      await session.click("#step-first");
      await session.press("ArrowRight");
      await session.press("ArrowRight");
      await session.expectText("#cascade-text", "two rooks tie as the weakest and White chose Rh1-e1");
      await noErrors(session);
    },
  },
  {
    name: "the cascade of e4 is replayed step by step by buttons and keys, and by itself",
    async run(session) {
      await session.open("index.html");
      await watchErrors(session);
      await session.move("e2", "e4");
      await session.expectTexts(TURNS, ["e4 (Ng1-e2, Rh1-g1)"]);
      await session.click("#step-first");
      await session.expectText("#step-counter", /^step 1 of \d+$/);
      await session.expectAttribute(piece("e2"), "data-piece", "white pawn");
      await session.click("#step-next");
      await session.expectText("#cascade-text", "White leads with e4");
      await session.click("#step-next");
      await session.expectText("#cascade-text", "e2 is empty: Ng1, Bf1, Qd1 and Ke1 can reach it; the knight is the weakest: Ng1-e2.");
      await session.expectClass('.board .square[data-square="e2"]', "chosen");
      await session.press("ArrowRight");
      await session.expectText("#cascade-text", "g1 is empty: only Rh1 can reach it: Rh1-g1.");
      await session.press("ArrowLeft");
      await session.expectAttribute(piece("h1"), "data-piece", "white rook");
      await session.screenshot("cascade-step");
      await session.click("#step-skip");
      await session.expectText("#cascade-text", "Black to move");
      // Played by itself at 4×: Play pauses and ends on the position.
      await session.run(() => {
        const speed = document.getElementById("speed");
        speed.value = "4";
        speed.dispatchEvent(new Event("change", { bubbles: true }));
      });
      await session.press(" ");
      await session.expectAttribute("#step-play", "aria-label", "Pause (space)");
      await session.expectAttribute("#step-play", "aria-label", "Play (space)", 15_000);
      await session.expectText("#cascade-text", "Black to move");
      await noErrors(session);
    },
  },
  {
    name: "a shared link opens its game, the URL follows the game and its link opens the same game",
    async run(session) {
      await session.open(link("grolman", "", "e2e4", "e7e5"));
      await session.expectTexts(TURNS, ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)"]);
      await session.move("b2", "b3");
      const three = ["e4 (Ng1-e2, Rh1-g1)", "e5 (Ng8-e7, Rh8-g8)", "b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1)"];
      await session.expectTexts(TURNS, three);
      const hash = await session.expect("the URL follows", () => location.hash, [], (h) => h.includes("&m=b2b3"));
      assert.match(hash, /^#variant=grolman&m=e2e4%2Cg1e2%2Ch1g1&m=e7e5%2Cg8e7%2Ch8g8&m=b2b3%2C/);
      const shared = await session.run(() => window.grolman.controller.link());
      await session.open(`index.html${new URL(shared).hash}`);
      await session.expectTexts(TURNS, three);
      await session.expect("the FEN box", () => document.getElementById("fen").value, [],
        (fen) => fen === "rnbqkbr1/ppppnppp/8/4p3/4P3/1P6/PBPPBPPP/RNNQKR2 b Qq - 0 2");
    },
  },
  {
    name: "<grolman-board> draws a diagram, replays a game and plays, under a strict CSP",
    async run(session) {
      await session.open("web/embed/example.html", { ready: "grolman-board#replay" });
      await watchErrors(session);
      const diagram = "grolman-board#diagram";
      const replay = "grolman-board#replay";
      await session.expectAttribute(`${diagram} >>> .frame`, "data-state", "ready");
      await session.expectAttribute(`${replay} >>> .frame`, "data-state", "ready");
      await session.expect("five units on the diagram", (p) => find(p).shadowRoot.querySelectorAll(".piece").length,
        [diagram], (n) => n === 5);
      await session.expectText(`${diagram} >>> .unit-count`, "(3+2)");
      await session.expectText(`${replay} >>> .step`, "The start: White to move");
      await session.click(`${replay} >>> button.next`);
      await session.expectText(`${replay} >>> .step`, "White to play e4 (Ng1-e2, Rh1-g1).");
      await session.click(`${replay} >>> button.next`);
      await session.click(`${replay} >>> button.next`);
      await session.expectText(`${replay} >>> .step`, "e2 is empty: Ng1, Bf1, Qd1 and Ke1 can reach it; the knight is the weakest: Ng1-e2.");
      await session.press("End", `${replay} >>> button.next`);
      await session.expectText(`${replay} >>> .step`, "b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1).");
      await session.screenshot("element-diagram-and-replay");
      // The diagram becomes a playable board from the start position.
      await session.run((p) => {
        const element = find(p);
        element.setAttribute("fen", "");
        element.setAttribute("mode", "play");
      }, diagram);
      await session.expectAttribute(`${diagram} >>> .frame`, "data-mode", "play");
      await session.expectAttribute(`${diagram} >>> .frame`, "data-state", "ready");
      await session.move("e2", "e4", `${diagram} >>> .board`);
      await session.expectAttribute(`${diagram} >>> .piece[data-square="e2"]`, "data-piece", "white knight");
      await session.expectAttribute(`${diagram} >>> .piece[data-square="g1"]`, "data-piece", "white rook");
      await session.screenshot("element-play");
      await noErrors(session);
    },
  },
  {
    name: "<grolman-board> replays a study from its child PGN script: a side line, comments and an arrow",
    async run(session) {
      await session.open("web/embed/example.html", { ready: "grolman-board#study" });
      await watchErrors(session);
      const study = "grolman-board#study";
      await session.expectAttribute(`${study} >>> .frame`, "data-state", "ready");
      await session.expectTexts(`${study} >>> .moves .side-line button.turn`, ["d5 (Nb8-d7, Ra8-b8)"]);
      await session.expectText(`${study} >>> p.comment`, "The worked example of the rules, with a side line.");
      await session.click(`${study} >>> .controls button:nth-of-type(5)`);
      await session.expectText(`${study} >>> .step`, "b3 (Bc1-b2, Ne2-c1, Bf1-e2, Rg1-f1)");
      await session.expectAttribute(`${study} >>> .shapes line.shape`, "data-to", "c1");
      await session.expectText(`${study} >>> p.comment`, "The knight on e2 follows again");
      await session.click(`${study} >>> .moves .side-line button.turn`);
      await session.click(`${study} >>> .controls button:nth-of-type(5)`);
      await session.expectAttribute(`${study} >>> .piece[data-square="d5"]`, "data-piece", "black pawn");
      await session.expectText(`${study} >>> p.comment`, "Black answers in the centre instead.");
      await session.screenshot("element-study");
      await noErrors(session);
    },
  },
  {
    name: "the solver solves a Grolman mate in one in the engine worker",
    async run(session) {
      await session.open("index.html");
      await watchErrors(session);
      await session.run(() => { document.getElementById("solve-panel").open = true; });
      await session.fill("#solve-text", "grolman 7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1 #1");
      await session.click("#solve-start");
      await session.expectAttribute("#solve-progress", "data-state", "done", 20_000);
      await session.expectText("#solve-progress", "#1 sound");
      await session.expectText("#solve-output", "1.Ra8 (Bb2-a1)#!");
      await session.screenshot("solved");
      await noErrors(session);
    },
  },
  {
    name: "every lesson board loads, and a replay steps to its end",
    async run(session) {
      await session.open("learn.html");
      await watchErrors(session);
      const states = await session.expect("every lesson board ready", () =>
        [...document.querySelectorAll("grolman-board")].map((b) => b.shadowRoot.querySelector(".frame")?.dataset.state),
      [], (s) => s.length > 0 && s.every((state) => state === "ready"), 20_000);
      assert.ok(states.length >= 5, `${states.length} lesson boards`);
      await session.click("#castling grolman-board >>> .controls button:last-of-type");
      await session.expectText("#castling grolman-board >>> .step", "O-O (Nf3-e1, f2-f3, Be3-f2, Qd2-e3). White can no longer castle");
      await session.screenshot("lessons");
      await noErrors(session);
    },
  },
  {
    name: "offline: after a first visit the page loads with the server stopped, and a new build takes over on the reload after the one that found it, with the URL's fragment kept",
    async run(session) {
      // A copy of the site of its own, whose build this scenario changes (the other scenarios'
      // server is the checkout's).
      const site = await siteCopy();
      try {
        const page = session.at(site.base);
        const url = `${site.base}${link("grolman", POSITION)}`;
        await page.driver.goto(url);
        // The worker takes the first page over once its cache holds the whole build.
        await page.expect("the service worker controls the page", () => navigator.serviceWorker.controller?.state ?? null,
          [], (state) => state === "activated", 30_000);
        const [first] = await page.expect("one build cached", builds, [], (names) => names.length === 1);

        // The network is cut: what the cache does not hold fails, the page loads from the cache.
        await site.stop();
        assert.equal(await page.run(() => fetch("README.md").then(() => "loaded", () => "failed")), "failed");
        await page.reload();
        await page.expect("the page ready offline", ready, [], (state) => state === "true", 20_000);
        assert.deepEqual(await page.run(loadedBuild), { page: "", css: "" });
        assert.equal(await page.run(() => document.getElementById("fen").value), POSITION);

        // A new build is served: the reload that finds it is still the first build's, and says so.
        await site.start();
        site.mark("the next build");
        await page.reload();
        await page.expect("the page ready", ready, [], (state) => state === "true", 20_000);
        await page.expect("the note that a new version is ready", () => {
          const note = document.getElementById("update-note");
          return note && !note.hidden ? note.textContent : null;
        }, [], (text) => Boolean(text), 30_000);
        assert.deepEqual(await page.run(loadedBuild), { page: "", css: "" });
        await session.screenshot("offline-new-version-ready");

        // The next reload is handed over (sw.js answers it with a page that loads again once the
        // new build is active): it lands on the new build's own document, at the same URL.
        // The position must come back from the fragment alone, not from the game the page stored.
        await page.run(() => localStorage.removeItem("grolman.game"));
        const start = Date.now();
        await page.reload();
        await page.expectAcrossLoads("the page ready after the hand-over", ready, [], (state) => state === "true", 20_000);
        console.log(`# ${page.driver.name}: the new build's page was ready ${Date.now() - start} ms after the reload began`);
        assert.deepEqual(await page.run(loadedBuild), { page: "the next build", css: "the next build" });
        assert.equal(await page.run(() => location.href), url);
        assert.equal(await page.run(() => document.getElementById("fen").value), POSITION);
        // The old build's cache goes in the new worker's activate step, which may lag behind the load.
        await page.expect("only the new build cached", builds, [], (names) => names.length === 1 && names[0] !== first, 20_000);
        assert.equal(await page.run(() => document.getElementById("update-note")?.hidden ?? true), true);
      } finally {
        await site.remove();
      }
    },
  },
];
