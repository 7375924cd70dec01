// rules.html draws docs/rules.md through web/learn/markdown.js: every heading, rule paragraph,
// list and inline mark of the real file is read, and no Markdown is left in the text shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { inline, readMarkdown } from "../../web/learn/markdown.js";

const source = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");

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

test("docs/rules.md leaves no Markdown in the text shown", () => {
  const blocks = readMarkdown(source);
  const leftovers = texts(blocks).filter((text) => /\*|`|^\s*#|^\s*- |\]\(/.test(text));
  assert.deepEqual(leftovers, []);
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
