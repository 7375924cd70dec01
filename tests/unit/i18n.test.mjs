// The languages' catalogs (web/i18n/<code>/): English is the reference. Every other language has
// exactly English's keys, each text with English's placeholders, each plural text with a form for
// every plural category of its language; and every key that the pages and modules name exists.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { LANGUAGES } from "../../web/i18n/index.js";

const root = new URL("../../", import.meta.url).pathname;
/** The parts of a language's catalog (web/i18n/index.js): what every page loads first, the
 *  rules' errors, the panels' texts, the lessons'. */
const PARTS = ["ui", "errors", "panels", "lessons"];
const part = async (code, name) => (await import(`../../web/i18n/${code}/${name}.js`)).default;
/** A language's whole catalog: all its parts. */
const catalog = async (code) => Object.assign({}, ...(await Promise.all(PARTS.map((name) => part(code, name)))));
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** A text's forms: the string itself, or each form of a plural text. */
const forms = (value) => (typeof value === "string" ? [value] : Object.values(value));

/** Every difference between `other` (of language `code`) and `english`, as sentences. */
export function differences(english, other, code) {
  const problems = [];
  for (const key of Object.keys(english)) {
    if (!Object.hasOwn(other, key)) { problems.push(`${code}: missing ${key}`); continue; }
    const [en, text] = [english[key], other[key]];
    if (typeof en !== typeof text) { problems.push(`${code}: ${key} is ${typeof text}, English ${typeof en}`); continue; }
    if (typeof en === "object") {
      for (const category of new Intl.PluralRules(code).resolvedOptions().pluralCategories) {
        if (typeof text[category] !== "string") problems.push(`${code}: ${key} has no "${category}" form`);
      }
    }
    // A plural form may leave the number out ("the turn" for one): {count} is free there.
    const free = typeof en === "object" ? new Set(["count"]) : new Set();
    const names = (form) => [...new Set(placeholders(form))].filter((n) => !free.has(n)).sort().join(",");
    const want = [...new Set(forms(en).flatMap((form) => names(form).split(",")).filter(Boolean))].sort().join(",");
    for (const form of forms(text)) {
      if (names(form) !== want) problems.push(`${code}: ${key} has {${names(form)}} where English has {${want}}: ${form}`);
    }
  }
  for (const key of Object.keys(other)) if (!Object.hasOwn(english, key)) problems.push(`${code}: extra key ${key}`);
  return problems;
}

test("every language has English's keys, no others, and each text English's placeholders, part by part", async () => {
  const english = await catalog("en");
  for (const value of Object.values(english)) {
    assert.ok(typeof value === "string" || (typeof value === "object" && typeof value.other === "string"), `not a text: ${JSON.stringify(value)}`);
  }
  // Part by part: a text in another part than English's would be missing where English has it.
  for (const code of Object.keys(LANGUAGES).filter((c) => c !== "en")) {
    for (const name of PARTS) {
      const problems = differences(await part("en", name), await part(code, name), code);
      assert.deepEqual(problems.map((problem) => `${name}.js: ${problem}`), []);
    }
  }
});

test("no text is in two parts of English's catalog", async () => {
  const seen = new Map();
  const twice = [];
  for (const name of PARTS) {
    for (const key of Object.keys(await part("en", name))) {
      if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${name}`);
      seen.set(key, name);
    }
  }
  assert.deepEqual(twice, []);
});

/** The modules that `entry` imports at once (static imports, transitively), `entry` included. */
function eagerModules(entry) {
  const found = new Set();
  const queue = [entry];
  while (queue.length) {
    const path = queue.pop();
    if (found.has(path) || !path.startsWith("web/") || path.startsWith("web/i18n/")) continue;
    found.add(path);
    for (const m of readFileSync(join(root, path), "utf8").matchAll(/^import\s+(?:[^'"]*?\bfrom\s+)?["']([^"']+)["']/gm)) {
      queue.push(join(dirname(path), m[1]));
    }
  }
  return [...found];
}

test("the texts that a page's first screen names are in the part every page loads first", async () => {
  // The rules' errors are said once their part is in (web/i18n/error-text.js, errorTexts).
  const first = { ...(await part("en", "ui")), ...(await part("en", "errors")) };
  const english = await catalog("en");
  // The pages' static texts, the modules of the playground's board (web/main.js and what it
  // imports at once) and of the rules page (learn.html loads its lessons' part with the first).
  // A literal that is a key, or a template whose ${...} stand for one word each, names a text.
  const paths = [...eagerModules("web/main.js"), ...eagerModules("web/learn/rules.js"), "index.html", "rules.html", "embed.html"];
  const misplaced = [];
  for (const path of paths) {
    const text = readFileSync(join(root, path), "utf8");
    const words = [...text.matchAll(/"([a-z][\w-]*(?:\.[\w-]+)+)"/g)].map((m) => m[1]).filter((key) => Object.hasOwn(english, key));
    for (const [, template] of text.matchAll(/`([a-z][\w-]*\.[^`]*\$\{[^`]*)`/g)) {
      const pattern = new RegExp(`^${template.split(/\$\{[^}]*\}/).map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("[^.]+")}$`);
      words.push(...Object.keys(english).filter((key) => pattern.test(key)));
    }
    for (const key of new Set(words)) if (!Object.hasOwn(first, key)) misplaced.push(`${path}: ${key}`);
  }
  assert.deepEqual(misplaced, []);
});

test("the comparison finds a missing key, an extra key, a changed placeholder and a missing plural form", () => {
  const english = { a: "At {square}", b: "B", n: { one: "{count} unit", other: "{count} units" } };
  assert.deepEqual(differences(english, { a: "Auf {feld}", c: "C", n: { one: "{count} Einheit" } }, "de"), [
    "de: a has {feld} where English has {square}: Auf {feld}",
    "de: missing b",
    'de: n has no "other" form',
    "de: extra key c",
  ]);
});

/** The files that name keys: the pages and every module under web/. */
function sources(dir = "web") {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === "web/i18n" ? [] : sources(path);
    return /\.(js|html)$/.test(entry.name) ? [path] : [];
  });
}

test("every key that a page or module names exists in English", async () => {
  const english = await catalog("en");
  const named = /data-i18n(?:-[a-z-]+)?="([^"]+)"|\b(?:t|plural)\(\s*"([^"]+)"/g;
  const missing = [];
  for (const path of [...sources(), "index.html", "learn.html", "embed.html"]) {
    const text = readFileSync(join(root, path), "utf8");
    for (const m of text.matchAll(named)) {
      const key = m[1] ?? m[2];
      if (!Object.hasOwn(english, key)) missing.push(`${path}: ${key}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("only the lessons page names the lessons' texts, which the other pages never load", async () => {
  const lessons = (await import("../../web/i18n/en/lessons.js")).default;
  const named = /data-i18n(?:-[a-z-]+)?="([^"]+)"|\b(?:t|plural)\(\s*"([^"]+)"/g;
  const misplaced = [];
  for (const path of [...sources(), "index.html", "embed.html"].filter((p) => p !== "web/learn/learn.js")) {
    for (const m of readFileSync(join(root, path), "utf8").matchAll(named)) {
      const key = m[1] ?? m[2];
      if (Object.hasOwn(lessons, key)) misplaced.push(`${path}: ${key}`);
    }
  }
  assert.deepEqual(misplaced, []);
});

// The forms the page shows for a count, through the page's own plural(): Russian has three
// (1 and 21 решение, 2 решения, 5 решений), Spanish and German two. Each language's expected
// words are written here, not derived from the catalog, so a form in the wrong category fails.
test("a counted text takes its language's plural form at 1, 2, 5 and 21", async () => {
  const { load, plural, withTexts, PANELS } = await import("../../web/i18n/index.js");
  withTexts(PANELS);
  const wanted = {
    ru: { "publication.sound.solution": ["1 решение", "2 решения", "5 решений", "21 решение"],
          "view.start": ["из 1 хода", "из 2 ходов", "из 5 ходов", "из 21 хода"],
          "element.start": ["1 ход.", "2 хода.", "5 ходов.", "21 ход."],
          "summary.became.knight": ["1 фигура стала конём", "2 фигуры стали конями", "5 фигур стали конями", "21 фигура стала конём"],
          "count.knight": ["1 конь", "2 коня", "5 коней", "21 конь"] },
    es: { "publication.sound.solution": ["1 solución", "2 soluciones", "5 soluciones", "21 soluciones"],
          "view.start": ["de 1 jugada", "de 2 jugadas", "de 5 jugadas", "de 21 jugadas"],
          "summary.became.knight": ["1 pieza se transformó en caballo", "2 piezas se transformaron en caballos", "5 piezas se transformaron en caballos", "21 piezas se transformaron en caballos"] },
    de: { "publication.sound.solution": ["1 Lösung", "2 Lösungen", "5 Lösungen", "21 Lösungen"],
          "view.start": ["mit 1 Zug", "mit 2 Zügen", "mit 5 Zügen", "mit 21 Zügen"],
          "summary.became.knight": ["1 Stein wurde zum Springer", "2 Steine wurden zu Springern", "5 Steine wurden zu Springern", "21 Steine wurden zu Springern"] },
  };
  const wrong = [];
  for (const [code, texts] of Object.entries(wanted)) {
    await load(code);
    for (const [key, words] of Object.entries(texts)) {
      [1, 2, 5, 21].forEach((count, i) => {
        const text = plural(key, count, { side: "—", number: count, intended: 1 }, code);
        // The words end there: "1 jugada" must not pass inside "1 jugadas".
        const whole = new RegExp(`${words[i].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\p{L})`, "u");
        if (!whole.test(text)) wrong.push(`${code} ${key} at ${count}: "${text}" lacks "${words[i]}"`);
      });
    }
  }
  assert.deepEqual(wrong, []);
});
