// The lessons' words (web/i18n/<code>/lessons.js) against web/learn/lessons.json, which holds
// what is language-free: every lesson's title, paragraphs, board captions and claims have an
// English text, and English has none for a part no lesson has (i18n.test.mjs holds the other
// languages to English's keys).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import english from "../../web/i18n/en/lessons.js";

const { lessons } = JSON.parse(readFileSync(new URL("../../web/learn/lessons.json", import.meta.url), "utf8"));

/** The keys learn.js asks for: lesson.<id>.title, .text.<n> (n up to `paragraphs`), .board.<n>, .claim.<n>. */
const wanted = lessons.flatMap(({ id, paragraphs, boards, claims }) => [
  `lesson.${id}.title`,
  ...Array.from({ length: paragraphs }, (_, n) => `lesson.${id}.text.${n + 1}`),
  ...boards.map((_, n) => `lesson.${id}.board.${n + 1}`),
  ...claims.map((_, n) => `lesson.${id}.claim.${n + 1}`),
]);

test("every part of every lesson has its English text", () => {
  assert.deepEqual(wanted.filter((key) => typeof english[key] !== "string" || !english[key]), []);
});

test("English has no text for a lesson part that lessons.json does not have", () => {
  const parts = Object.keys(english).filter((key) => /^lesson\.[\w-]+\.(title|text|board|claim)\b/.test(key));
  assert.deepEqual(parts.filter((key) => !wanted.includes(key)), []);
  assert.equal(new Set(lessons.map((l) => l.id)).size, lessons.length, "lesson ids are unique");
});

test("lessons.json holds no words: the text of a lesson lives in the languages' catalogs", () => {
  const words = ["title", "text", "caption", "say"];
  const found = lessons.flatMap((lesson) => [lesson, ...lesson.boards, ...lesson.claims].flatMap((part) => words.filter((w) => w in part).map((w) => `${lesson.id}: ${w}`)));
  assert.deepEqual(found, []);
});
