// The driver-neutral layer of the cross-browser run: what a scenario may do with a page, written
// once over the six things each driver gives (goto, reload, evaluate an expression, click at a point, press
// a key, screenshot). Reads run inside the page; every check retries until it holds or times out, as
// Playwright's expect does, and fails with what it saw last.
import { AssertionError } from "node:assert";
import { join } from "node:path";

// In-page lookup: "grolman-board#diagram >>> .step" descends into the element's shadow root.
const FIND = `const find = (path) => path.split(" >>> ").reduce(
  (node, selector, at) => node && (at ? node.shadowRoot : node)?.querySelector(selector), document);`;

export class Session {
  constructor(driver, base, outDir) {
    this.driver = driver;
    this.base = base;
    this.outDir = outDir;
  }

  /** The same browser and page, for the site served at `base` (a copy of its own: server.mjs). */
  at(base) {
    return new Session(this.driver, base, this.outDir);
  }

  /** Loads the page again (as the browser's reload button: the URL's fragment stays), until its load event. */
  reload() {
    return this.driver.reload();
  }

  /** Runs `fn(...args)` in the page (with `find` in scope) and gives back its JSON result. */
  run(fn, ...args) {
    return this.driver.evaluate(`(function () { ${FIND} return (${fn}).apply(null, ${JSON.stringify(args)}); })()`);
  }

  /** Opens `path` with fresh storage and the playground's `prefs`; waits for `ready` (a selector). */
  async open(path, { prefs = { autoplay: false }, ready = "body[data-ready]" } = {}) {
    await this.driver.goto(`${this.base}tests/browsers/blank.html`);
    await this.run((saved) => {
      localStorage.clear();
      localStorage.setItem("grolman.prefs", JSON.stringify(saved));
    }, prefs);
    await this.driver.goto(`${this.base}${path}`);
    await this.expect(`${path} ready`, (selector) => document.querySelector(selector) !== null, [ready], (v) => v === true, 20_000);
  }

  /** Retries the read `fn(...args)` in the page until `ok(value)`; returns that value. */
  expect(what, fn, args, ok, timeout = 10_000) {
    return this.#expect(what, fn, args, ok, timeout, (read) => read);
  }

  /** As `expect`, while the page may load itself again: a read that fails because its document
   *  went away under it is retried too (the failure is what it last saw). */
  expectAcrossLoads(what, fn, args, ok, timeout = 10_000) {
    return this.#expect(what, fn, args, ok, timeout, (read) => read.catch((error) => `read failed: ${error.message}`));
  }

  async #expect(what, fn, args, ok, timeout, tolerate) {
    const until = Date.now() + timeout;
    let seen;
    for (;;) {
      seen = await tolerate(this.run(fn, ...args));
      if (ok(seen)) return seen;
      if (Date.now() > until) throw new AssertionError({ message: `${what}: last saw ${JSON.stringify(seen)}` });
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  /** Waits until the text of `path` matches: a string is contained, a RegExp tested. */
  expectText(path, expected, timeout) {
    const ok = (text) => typeof text === "string" && (expected instanceof RegExp ? expected.test(text) : text.includes(expected));
    return this.expect(`text of ${path} matches ${expected}`, (p) => find(p)?.textContent ?? null, [path], ok, timeout);
  }

  /** Waits until every node of `selector` (in a shadow root after " >>> ") has these texts, in order. */
  expectTexts(selector, expected) {
    return this.expect(`texts of ${selector}`, (s) => {
      const [host, inner] = s.includes(" >>> ") ? [find(s.slice(0, s.lastIndexOf(" >>> "))).shadowRoot, s.slice(s.lastIndexOf(" >>> ") + 5)] : [document, s];
      return [...host.querySelectorAll(inner)].map((node) => node.textContent);
    }, [selector], (texts) => JSON.stringify(texts) === JSON.stringify(expected));
  }

  /** Waits until `path` has (or, with `present` false, lacks) the class. */
  expectClass(path, name, present = true) {
    return this.expect(`${path} ${present ? "has" : "lacks"} class ${name}`,
      (p, n) => find(p)?.classList.contains(n) ?? null, [path, name], (v) => v === present);
  }

  /** Waits until the attribute of `path` equals `value`. */
  expectAttribute(path, name, value, timeout) {
    return this.expect(`${path} [${name}=${value}]`, (p, n) => find(p)?.getAttribute(n) ?? null, [path, name], (v) => v === value, timeout);
  }

  /** A real pointer click (the driver's input actions) at the middle of `path`, scrolled into view.
   *  The point is taken only once the layout holds still (the same point on two reads in a row)
   *  and the page's hit test there reaches `path`: on a loaded machine a page still laying out
   *  (lesson boards growing as they load) moved the target between the read and the click. */
  async click(path) {
    let last = null;
    const box = await this.expect(`${path} to click (on screen, not covered, not moving)`, (p) => {
      const node = find(p);
      if (!node) return null;
      node.scrollIntoView({ block: "center", inline: "center" });
      const { x, y, width, height } = node.getBoundingClientRect();
      if (!width || !height) return null;
      const point = { x: x + width / 2, y: y + height / 2 };
      let hit = document.elementFromPoint(point.x, point.y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(point.x, point.y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return hit && (hit === node || node.contains(hit)) ? point : null;
    }, [path], (point) => {
      const still = point !== null && last !== null && point.x === last.x && point.y === last.y;
      last = point;
      return still;
    });
    await this.driver.click(box.x, box.y);
  }

  /** Click-click on two board squares (`board` is the board's path, the page's by default). */
  async move(from, to, board = ".board") {
    await this.click(`${board} .square[data-square="${from}"]`);
    await this.expectClass(`${board} .square[data-square="${from}"]`, "selected");
    await this.click(`${board} .square[data-square="${to}"]`);
  }

  /** A real key press, with the focus first on `path` (the page's body by default), as
   *  Playwright's locator.press does: engines differ in what a click leaves focused (WebKit
   *  does not focus a clicked button, so the board kept the focus and took the key). */
  async press(key, path = "body") {
    await this.run((p) => {
      const node = find(p);
      if (node === document.body) document.activeElement?.blur();
      else node.focus();
    }, path);
    await this.driver.press(key);
  }

  /** Sets a field's value as typing would end, with the input event. */
  fill(path, value) {
    return this.run((p, v) => {
      const field = find(p);
      field.value = v;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }, path, value);
  }

  screenshot(name) {
    return this.driver.screenshot(join(this.outDir, `${name}.png`));
  }
}
