// The exported diagram (wasm diagramSvg, the same code as `grolman diagram`) drawn by the
// browser shows the position: every unit where piecesOf(fen) puts it, in both orientations.
import { test, expect } from "@playwright/test";

const FENS = [
  "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
  "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1",
  "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1",
];

test("the exported SVG draws every unit on its square", async ({ page }) => {
  await page.goto("tests/e2e/fixtures/no-csp.html");
  await expect(page.locator("#diagram .frame")).toHaveAttribute("data-state", "ready");
  for (const fen of FENS) {
    for (const flip of [false, true]) {
      const { drawn, expected, count } = await page.evaluate(async ([fen, flip]) => {
        // The diagram writer is in the extras package (pkg/extras/), loaded as the page loads it.
        const { piecesOf } = await import("/pkg/grolman.js");
        const { diagramSvg } = await (await import("/web/extras.js")).extras();
        const svg = diagramSvg(fen, { author: "A. Composer", stipulation: "#2", flip });
        // Render it as a document of its own and read back what the browser draws where.
        const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
        if (doc.querySelector("parsererror")) throw new Error("not well-formed XML");
        const host = document.createElement("div");
        host.append(document.importNode(doc.documentElement, true));
        document.body.append(host);
        const root = host.querySelector("svg");
        const board = [...root.querySelectorAll("rect")].find((r) => r.getAttribute("width") === "800").getBoundingClientRect();
        const size = board.width / 8;
        const colours = { "#fdfdfb": "white", "#2b2b2b": "black" };
        const drawn = [...root.querySelectorAll("use")].map((use) => {
          const box = use.getBoundingClientRect();
          const col = Math.floor((box.x + box.width / 2 - board.x) / size);
          const row = Math.floor((box.y + box.height / 2 - board.y) / size);
          const [file, rank] = flip ? [7 - col, row] : [col, 7 - row];
          const role = use.getAttribute("xlink:href").replace("#gd-", "");
          const symbol = root.querySelector(`symbol[id="gd-${role}"]`);
          if (!symbol || box.width < size * 0.3 || box.width > size) throw new Error(`${role} not drawn`);
          return `${colours[use.getAttribute("fill")]} ${role} ${"abcdefgh"[file]}${rank + 1}`;
        }).sort();
        const expected = piecesOf(fen).map((p) => `${p.color} ${p.role} ${p.square}`).sort();
        const count = root.querySelector(".unit-count").textContent;
        host.remove();
        return { drawn, expected, count };
      }, [fen, flip]);
      expect(drawn, `${fen} flip=${flip}`).toEqual(expected);
      const white = expected.filter((p) => p.startsWith("white")).length;
      expect(count).toBe(`(${white}+${expected.length - white})`);
    }
  }
});

test("the element's SVG and PNG downloads", async ({ page }) => {
  await page.goto("tests/e2e/fixtures/no-csp.html");
  const board = page.locator("#diagram");
  await expect(board.locator(".frame")).toHaveAttribute("data-state", "ready");
  const [svgDownload] = await Promise.all([
    page.waitForEvent("download"),
    board.getByRole("button", { name: "Download SVG" }).click(),
  ]);
  const svg = await (await svgDownload.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString());
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain(">#2<");
  expect(svg).toContain(">Grolman chess<");
  expect(svg).toContain(">(3+2)<");
  const [pngDownload] = await Promise.all([
    page.waitForEvent("download"),
    board.getByRole("button", { name: "Download PNG" }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
  const png = await (await pngDownload.createReadStream()).toArray().then((parts) => Buffer.concat(parts));
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(860); // width: the SVG's 430 px at scale 2
});
