// The small part of Markdown that docs/rules.md is written in, read into plain data that
// rules.js turns into elements (text always as text, never as markup): headings (#, ##, ###),
// paragraphs (lines up to a blank line), lists ("- " items, their continuation lines indented),
// and inline `code`, **strong** and *emphasis*. A numbered rule ("1.6 Legality is ...") and a
// numbered section ("## 3. Tatarstan chess") get an id, so that a page can link to rules.html#1.6.
// Anything else stays as its text: tests/unit/markdown.test.mjs checks that docs/rules.md
// leaves no markup behind, so a rules edit that needs more of Markdown is caught there.

/**
 * @typedef {string | {code: string} | {strong: Inline[]} | {em: Inline[]}} Inline
 * @typedef {{type: "heading", level: number, id: string|null, content: Inline[]}
 *         | {type: "paragraph", id: string|null, content: Inline[]}
 *         | {type: "list", items: Inline[][]}} Block
 */

/** @param {string} text  Markdown  @returns {Block[]} */
export function readMarkdown(text) {
  const blocks = [];
  let paragraph = null; // lines of the open paragraph
  let list = null; // the open list: items as arrays of lines
  const close = () => {
    if (paragraph) {
      const joined = paragraph.join(" ");
      const number = /^(\d+\.\d+) /.exec(joined);
      blocks.push({ type: "paragraph", id: number ? number[1] : null, content: inline(joined) });
    }
    if (list) blocks.push({ type: "list", items: list.map((lines) => inline(lines.join(" "))) });
    paragraph = null;
    list = null;
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = /^(#{1,3}) +(.*)$/.exec(line);
    const item = /^- +(.*)$/.exec(line);
    if (!line.trim()) {
      close();
    } else if (heading) {
      close();
      const number = /^(\d+)\. /.exec(heading[2]);
      blocks.push({ type: "heading", level: heading[1].length, id: number ? `section-${number[1]}` : null, content: inline(heading[2]) });
    } else if (item) {
      if (paragraph) close();
      list ??= [];
      list.push([item[1]]);
    } else if (list && /^\s/.test(line)) {
      list[list.length - 1].push(line.trim());
    } else {
      if (list) close();
      paragraph ??= [];
      paragraph.push(line.trim());
    }
  }
  close();
  return blocks;
}

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*/g;

/** @param {string} text  @returns {Inline[]} */
export function inline(text) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const [, code, strong, em] = match;
    if (code !== undefined) parts.push({ code });
    else if (strong !== undefined) parts.push({ strong: inline(strong) });
    else parts.push({ em: inline(em) });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
