// rules.html draws docs/rules.md through web/learn/markdown.js: every heading, rule paragraph,
// list and inline mark of the real file is read, and no Markdown is left in the text shown. The
// translations (docs/rules.<code>.md) are read alike, with the English rule numbers and sections
// (rules.html#1.6 is rule 1.6 in every language), the same positions, turns and codes, and a
// note at the top that the English text is the authoritative one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { inline, readMarkdown } from "../../web/learn/markdown.js";

const rulesText = (code) => readFileSync(new URL(code === "en" ? "../../docs/rules.md" : `../../docs/rules.${code}.md`, import.meta.url), "utf8");
const source = rulesText("en");
const TRANSLATIONS = ["ru", "es", "de"];

/** Every text a reader sees, code spans apart (their backquotes are gone, their text is code). */
function texts(blocks) {
  const out = [];
  const walk = (content) => content.forEach((part) => {
    if (typeof part === "string") out.push(part);
    else if (part.strong ?? part.em) walk(part.strong ?? part.em);
  });
  for (const block of blocks) (block.items ?? [block.content]).forEach(walk);
  return out;
}

test("docs/rules.md and its translations leave no Markdown in the text shown", () => {
  for (const code of ["en", ...TRANSLATIONS]) {
    const leftovers = texts(readMarkdown(rulesText(code))).filter((text) => /\*|`|^\s*#|^\s*- |\]\(/.test(text));
    assert.deepEqual(leftovers, [], code);
  }
});

/** The ids a page can link to (sections and numbered rules), in order. */
const ids = (blocks) => blocks.filter((b) => b.id).map((b) => b.id);
/** The code spans that name positions, turns and codes (those with a digit), in order. */
function codes(blocks) {
  const out = [];
  const walk = (content) => content.forEach((part) => {
    if (part.code !== undefined) { if (/\d/.test(part.code)) out.push(part.code); }
    else if (typeof part !== "string") walk(part.strong ?? part.em);
  });
  for (const block of blocks) (block.items ?? [block.content]).forEach(walk);
  return out;
}

test("each translation of the rules has the English rule numbers and sections, positions, turns and codes", () => {
  const english = readMarkdown(source);
  assert.ok(ids(english).length > 30);
  for (const code of TRANSLATIONS) {
    const blocks = readMarkdown(rulesText(code));
    assert.deepEqual(ids(blocks), ids(english), code);
    assert.deepEqual(codes(blocks), codes(english), code);
    assert.equal(blocks.filter((b) => b.type === "heading").length, english.filter((b) => b.type === "heading").length, code);
  }
});

test("each translation says at its top that the English text is the authoritative one", () => {
  for (const code of TRANSLATIONS) {
    const [title, note] = readMarkdown(rulesText(code));
    assert.equal(title.type, "heading", code);
    assert.equal(note.type, "paragraph", code);
    assert.ok(note.content.length === 1 && note.content[0].em, `${code}: the note is one emphasised paragraph`);
    assert.match(JSON.stringify(note.content), /docs\/rules\.md/, code);
  }
});

test("every heading of docs/rules.md is a heading, every numbered rule a paragraph with its number as id", () => {
  const blocks = readMarkdown(source);
  const headings = source.split("\n").filter((line) => /^#{1,3} /.test(line));
  assert.equal(blocks.filter((b) => b.type === "heading").length, headings.length);
  assert.deepEqual(blocks.find((b) => b.type === "heading" && b.level === 2)?.id, "section-1");
  const rules = source.split("\n").map((line) => /^(\d+\.\d+) /.exec(line)?.[1]).filter(Boolean);
  assert.deepEqual(blocks.filter((b) => b.type === "paragraph" && b.id).map((b) => b.id), rules);
});

test("a list after a line of text, with continuation lines, is one list of whole items", () => {
  const blocks = readMarkdown("More cases:\n- one `a1`\n  goes on\n- two\n\nAfter.");
  assert.deepEqual(blocks, [
    { type: "paragraph", id: null, content: ["More cases:"] },
    { type: "list", items: [["one ", { code: "a1" }, " goes on"], ["two"]] },
    { type: "paragraph", id: null, content: ["After."] },
  ]);
});

test("strong, emphasis and code nest as written", () => {
  assert.deepEqual(inline("A **turn** is *a `e4` move*, pawn < knight"), [
    "A ", { strong: ["turn"] }, " is ", { em: ["a ", { code: "e4" }, " move"] }, ", pawn < knight",
  ]);
});
