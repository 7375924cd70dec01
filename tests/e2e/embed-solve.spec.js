// <grolman-board mode="solve"> on a composer's own site: the folder `make dist` writes, served
// from a second origin under a strict CSP (script, worker, style, connect: 'self' only). The
// reader's wrong first move is refuted and taken back, the key is acknowledged, the board
// defends, the reader mates. The solving runs in the element's worker.
import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' blob: data:; base-uri 'none'; form-action 'none'";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm", ".md": "text/plain" };
// Grolman chess: 1.Kb3 (Na5-c4)! threat: 2.Rf1# (crates/grolman-engine/tests).
const PROBLEM = { variant: "grolman", fen: "8/2p5/p4R2/N7/2K3B1/8/8/1k6 w - - 0 1", stipulation: "#2" };

// 1.Kc7! Ka8 2.Ra1# (crates/grolman-engine/tests/defences.rs): one flight for Black's king.
const FLIGHT = "8/k7/1pK5/1B6/8/8/8/7R w - - 0 1";

let site;
let server;
let origin;

test.beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "grolman-site-"));
  execFileSync("node", ["scripts/dist.mjs", "--out", join(site, "grolman-embed")]);
  writeFileSync(join(site, "problem.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A composer's page</title><link rel="icon" href="data:,">
<script type="module" src="/grolman-embed/build/site/grolman-board.js"></script></head><body>
<grolman-board id="problem" mode="solve" variant="${PROBLEM.variant}" fen="${PROBLEM.fen}" stipulation="${PROBLEM.stipulation}" author="From the solver's tests"></grolman-board>
</body></html>`);
  writeFileSync(join(site, "helpmate.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A helpmate</title><link rel="icon" href="data:,">
<script type="module" src="/grolman-embed/build/site/grolman-board.js"></script></head><body>
<grolman-board mode="solve" variant="orthodox" fen="k7/8/1K6/8/8/8/8/7R b - - 0 1" stipulation="h#1"></grolman-board>
</body></html>`);
  // Popeye's options beside the FEN: Kc7, the key of the plain #2, leaves the king a flight.
  writeFileSync(join(site, "options.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Options</title><link rel="icon" href="data:,">
<script type="module" src="/grolman-embed/build/site/grolman-board.js"></script></head><body>
<grolman-board id="plain" mode="solve" variant="orthodox" fen="${FLIGHT}" stipulation="#2"></grolman-board>
<grolman-board id="flights" mode="solve" variant="orthodox" fen="${FLIGHT}" stipulation="#2" options="MaxFlightsquares 0"></grolman-board>
<grolman-board id="position" mode="solve" variant="orthodox" fen="${FLIGHT}" stipulation="#2" options="WhiteToPlay"></grolman-board>
</body></html>`);
  server = createServer((request, response) => {
    const path = normalize(join(site, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    try {
      if (!path.startsWith(site) || !statSync(path).isFile()) throw new Error("no file");
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", "content-security-policy": CSP });
    createReadStream(path).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  // localhost, not 127.0.0.1: another origin than the playground's server, whatever the port.
  origin = `http://localhost:${server.address().port}`;
});

test.afterAll(() => {
  server?.close();
  rmSync(site, { recursive: true, force: true });
});

function watch(page) {
  const problems = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => { if (message.type() === "error") problems.push(`console: ${message.text()}`); });
  return problems;
}

const square = (page, name) => page.locator(`grolman-board .square[data-square="${name}"]`);
const said = (page) => page.locator("grolman-board .solve-line");

async function play(page, from, to) {
  await square(page, from).click();
  await square(page, to).click();
}

test("the dist folder on another origin: a try is refuted, the key acknowledged, the board defends until mate", async ({ page }) => {
  const problems = watch(page);
  await page.goto(`${origin}/problem.html`);
  await expect(page.locator("grolman-board .frame")).toHaveAttribute("data-state", "ready");
  await expect(said(page)).toHaveText("White to play: find the key.", { timeout: 15_000 });
  await expect(page.locator("grolman-board .author")).toHaveText("From the solver's tests");

  // A wrong first move: answered with its refutation from the solver, then taken back.
  await play(page, "f6", "f1");
  await expect(said(page)).toHaveText(/^1\.Rf1\+\? \S+! That try is refuted: taken back\.$/);
  await expect(page.locator('grolman-board .piece[data-square="f6"]')).toHaveAttribute("data-piece", "white rook", { timeout: 5_000 });
  await page.screenshot({ path: "/tmp/studio-shots/solve-1280.png" });

  // The key; the board answers with a defence; the reader mates.
  await play(page, "c4", "b3");
  await expect(said(page)).toHaveText(/^1\.Kb3 \(Na5-c4\)! The key\. The defence: \S+\. Your move\.$/);
  await expect(page.locator('grolman-board .piece[data-square="c4"]')).toHaveAttribute("data-piece", "white knight");
  await play(page, "f6", "f1");
  await expect(said(page)).toHaveText("Rf1#: right. Solved!");

  // The solution, revealed: a tree of moves.
  await page.locator("grolman-board .show-solution").click();
  await expect(page.locator("grolman-board .solution").getByRole("button", { name: "1.Kb3 (Na5-c4)!" })).toBeVisible();
  // Its moves show their positions: the threat on the position after the key, Black passing.
  await page.locator("grolman-board .solution li:has(> button.key) > button.threat").click();
  await expect(page.locator('grolman-board .piece[data-square="f1"]')).toHaveAttribute("data-piece", "white rook");
  await expect(page.locator('grolman-board .piece[data-square="b3"]')).toHaveAttribute("data-piece", "white king");
  // The threat mates: the king in check is the line's, though the game on the board has no check.
  await expect(page.locator('grolman-board .square[data-square="b1"]')).toHaveClass(/\bcheck\b/);
  await page.locator("grolman-board .solution li:has(> button.key) > ul > li > button.defence", { hasText: "1...c5" }).click();
  await expect(page.locator('grolman-board .piece[data-square="c5"]')).toHaveAttribute("data-piece", "black pawn");
  await expect(page.locator('grolman-board .piece[data-square="f6"]')).toHaveAttribute("data-piece", "white rook");
  expect(problems).toEqual([]);
});

test("a helpmate's moves, both sides the reader's, must follow its line", async ({ page }) => {
  const problems = watch(page);
  await page.goto(`${origin}/helpmate.html`);
  await expect(said(page)).toHaveText("Black to play: find the solution.", { timeout: 15_000 });
  await play(page, "a8", "b8");
  await expect(said(page)).toHaveText("Kb8: right. Now White.");
  // Not the mate: taken back, the line goes on from before it.
  await play(page, "h1", "h7");
  await expect(said(page)).toHaveText("Rh7 is not the way: taken back. Try another move.");
  await expect(page.locator('grolman-board .piece[data-square="h1"]')).toHaveAttribute("data-piece", "white rook", { timeout: 5_000 });
  await expect(page.locator('grolman-board .piece[data-square="b8"]')).toHaveAttribute("data-piece", "black king");
  await play(page, "h1", "h8");
  await expect(said(page)).toHaveText("Rh8#: right. Solved!");
  expect(problems).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("the reader taps the key", async ({ page }) => {
    await page.goto(`${origin}/problem.html`);
    await expect(said(page)).toHaveText("White to play: find the key.", { timeout: 15_000 });
    await square(page, "c4").tap();
    await square(page, "b3").tap();
    await expect(said(page)).toContainText("The key.");
    await page.screenshot({ path: "/tmp/studio-shots/solve-390.png", fullPage: true });
  });
});

test("the options attribute gives the solver Popeye's options, and a bad one says why", async ({ page }) => {
  const problems = watch(page);
  await page.goto(`${origin}/options.html`);
  const line = (id) => page.locator(`#${id} .solve-line`);
  await expect(line("plain")).toHaveText("White to play: find the key.", { timeout: 20_000 });
  // MaxFlightsquares 0: the key leaves a flight, so the problem has no solution.
  await expect(line("flights")).toHaveText("This problem has no solution (#2). You can still try moves.", { timeout: 20_000 });
  await expect(line("position")).toContainText('"WhiteToPlay": this option changes the position, which the FEN gives', { timeout: 20_000 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("options.png"), fullPage: true });
  expect(problems).toEqual([]);
});
