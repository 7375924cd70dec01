// The lessons' words (web/i18n/<code>/lessons.js) against web/learn/lessons.json, which holds
// what is language-free: every lesson's title and paragraphs, and every board's caption and
// claim by its id, have a text in every language, and no language has a text for a part no
// lesson has. A board or claim is keyed by its own id, never by its place in the list, so that
// inserting one leaves every other text where it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { LANGUAGES } from "../../web/i18n/index.js";

const { lessons } = JSON.parse(readFileSync(new URL("../../web/learn/lessons.json", import.meta.url), "utf8"));
const catalogs = await Promise.all(Object.keys(LANGUAGES).map(async (code) => [code, (await import(`../../web/i18n/${code}/lessons.js`)).default]));

/** The keys learn.js asks for: lesson.<id>.title, .text.<n> (n up to `paragraphs`), .board.<id>, .claim.<id>. */
const wanted = lessons.flatMap(({ id, paragraphs, boards, claims }) => [
  `lesson.${id}.title`,
  ...Array.from({ length: paragraphs }, (_, n) => `lesson.${id}.text.${n + 1}`),
  ...boards.map((board) => `lesson.${id}.board.${board.id}`),
  ...claims.map((claim) => `lesson.${id}.claim.${claim.id}`),
]);

test("every board and claim has an id of its own, unique in its lesson", () => {
  assert.equal(new Set(lessons.map((l) => l.id)).size, lessons.length, "lesson ids are unique");
  for (const lesson of lessons) {
    for (const part of ["boards", "claims"]) {
      const ids = lesson[part].map((p) => p.id);
      assert.deepEqual(ids.filter((id) => typeof id !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)), [], `${lesson.id}: ${part} without a proper id`);
      assert.equal(new Set(ids).size, ids.length, `${lesson.id}: two ${part} share an id`);
    }
  }
});

test("every part of every lesson has its text in every language", () => {
  for (const [code, texts] of catalogs) {
    assert.deepEqual(wanted.filter((key) => typeof texts[key] !== "string" || !texts[key]).map((key) => `${code}: ${key}`), []);
  }
});

test("no language has a text for a lesson part that lessons.json does not have", () => {
  for (const [code, texts] of catalogs) {
    const parts = Object.keys(texts).filter((key) => /^lesson\.[\w-]+\.(title|text|board|claim)\b/.test(key));
    assert.deepEqual(parts.filter((key) => !wanted.includes(key)).map((key) => `${code}: ${key}`), []);
  }
});

test("lessons.json holds no words: the text of a lesson lives in the languages' catalogs", () => {
  const words = ["title", "text", "caption", "say"];
  const found = lessons.flatMap((lesson) => [lesson, ...lesson.boards, ...lesson.claims].flatMap((part) => words.filter((w) => w in part).map((w) => `${lesson.id}: ${w}`)));
  assert.deepEqual(found, []);
});
