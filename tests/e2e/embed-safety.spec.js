// Attribute and URL contents are data, never markup: hostile values show as text inside the
// board and never run, on a page without a CSP (where markup would run) and in embed.html.
import { test, expect } from "@playwright/test";

const PAYLOADS = [
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(2)>',
  "</p><script>alert(3)</script>",
  "javascript:alert(4)",
  "<style>*{display:none}</style><a href=javascript:alert(5)>x</a>",
];
const ATTRIBUTES = ["variant", "fen", "moves", "orientation", "mode", "coordinates",
  "author", "source", "stipulation", "condition", "title", "export"];
const CAPTION = { author: ".author", source: ".source", stipulation: ".stipulation", condition: ".condition", title: ".title" };

function watch(page) {
  const problems = [];
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Elements that only injected markup could have put in the shadow root (the stylesheet links are the element's own). */
const foreign = (board) => board.evaluate((el) =>
  [...el.shadowRoot.querySelectorAll("img, script, style, a, iframe, object, [onload], [onerror]")].map((n) => n.outerHTML));

test("every attribute takes hostile text as text", async ({ page }) => {
  const problems = watch(page);
  await page.goto("tests/e2e/fixtures/no-csp.html");
  const board = page.locator("#diagram");
  await expect(board.locator(".frame")).toHaveAttribute("data-state", "ready");
  // One round trip: every attribute with every payload, each rendered and read back.
  const results = await board.evaluate(async (el, [names, payloads, caption]) => {
    const out = [];
    for (const name of names) {
      for (const payload of payloads) {
        for (const a of names) el.removeAttribute(a);
        el.setAttribute(name, payload);
        await el.rendered;
        const root = el.shadowRoot;
        out.push({
          name, payload,
          state: root.querySelector(".frame").dataset.state,
          shown: caption[name] ? root.querySelector(caption[name])?.textContent : root.querySelector(".error").textContent,
          foreign: [...root.querySelectorAll("img, script, style, a, iframe, object, [onload], [onerror]")].map((n) => n.outerHTML),
        });
      }
    }
    return out;
  }, [ATTRIBUTES, PAYLOADS, CAPTION]);
  expect(results).toHaveLength(ATTRIBUTES.length * PAYLOADS.length);
  for (const { name, payload, state, shown, foreign } of results) {
    const what = `${name}=${payload}`;
    expect(foreign, what).toEqual([]);
    if (CAPTION[name]) {
      expect(state, what).toBe("ready");
      expect(shown, what).toBe(payload);
    } else if (["variant", "fen", "moves", "orientation", "mode"].includes(name)) {
      expect(state, what).toBe("error");
      expect(shown, what).toContain(payload.slice(0, 4));
    }
  }
  // The downloaded diagram escapes the caption too.
  await board.evaluate((el, p) => el.setAttribute("author", p), PAYLOADS[0]);
  await board.evaluate((el) => el.rendered);
  const svg = await board.evaluate((el) => el.diagramSvg());
  expect(svg).not.toContain("<img");
  expect(svg).toContain("&lt;img src=x onerror=alert(1)&gt;");
  await page.waitForTimeout(100); // a late onerror would show up as a dialog
  expect(problems).toEqual([]);
});

test("embed.html takes hostile URL parameters as text", async ({ page }) => {
  const problems = watch(page);
  for (const name of ATTRIBUTES) {
    const payload = PAYLOADS[(name.length) % PAYLOADS.length];
    await page.goto(`embed.html?${new URLSearchParams({ [name]: payload, ...(name === "title" ? {} : { title: PAYLOADS[0] }) })}`);
    const board = page.locator("grolman-board");
    await expect(board.locator(".frame")).toHaveAttribute("data-state", /ready|error/);
    if (CAPTION[name]) await expect(board.locator(CAPTION[name])).toHaveText(payload);
    expect(await foreign(board), name).toEqual([]);
    expect(await page.locator("body img, body script").count()).toBe(0);
    expect(await page.title()).toBe(`${PAYLOADS[0]} · Grolman board`);
  }
  expect(problems).toEqual([]);
});
