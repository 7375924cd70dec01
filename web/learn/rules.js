// rules.html: docs/rules.md, the one statement of the rules, drawn as a page in the lessons'
// style (web/learn/markdown.js reads its Markdown; every text goes in as text). In the page's
// language (the visitor's choice or the browser's, as on the other pages): the translations
// docs/rules.<code>.md, each saying at its top that the English text is the authoritative one,
// with the same rule numbers (tests/unit/markdown.test.mjs), so rules.html#1.6 is rule 1.6 in all.
import { readMarkdown } from "./markdown.js";
import { t } from "../i18n/index.js";
import { choosePageLanguage } from "../i18n/page.js";
import { startLanguage } from "../i18n/choice.js";

/** The rules' file in `code`: English is docs/rules.md itself. */
const rulesFile = (code) => (code === "en" ? "docs/rules.md" : `docs/rules.${code}.md`);

const $ = (id) => document.getElementById(id);

/** @param {import("./markdown.js").Inline[]} content */
function inlineNodes(content) {
  return content.map((part) => {
    if (typeof part === "string") return document.createTextNode(part);
    if (part.code !== undefined) {
      const code = document.createElement("code");
      code.textContent = part.code;
      return code;
    }
    const node = document.createElement(part.strong ? "strong" : "em");
    node.append(...inlineNodes(part.strong ?? part.em));
    return node;
  });
}

/** @param {import("./markdown.js").Block} block */
function blockNode(block) {
  if (block.type === "list") {
    const list = document.createElement("ul");
    for (const item of block.items) {
      const li = document.createElement("li");
      li.append(...inlineNodes(item));
      list.append(li);
    }
    return list;
  }
  const node = document.createElement(block.type === "heading" ? `h${block.level}` : "p");
  if (block.id) node.id = block.id;
  const [first, ...rest] = block.content;
  if (block.type === "paragraph" && block.id && typeof first === "string") {
    // The rule's number stands out, as in a rule book.
    const number = document.createElement("span");
    number.className = "rule-number";
    number.textContent = block.id;
    node.append(number, ...inlineNodes([first.slice(block.id.length), ...rest]));
  } else {
    node.append(...inlineNodes(block.content));
  }
  return node;
}

async function start() {
  const main = $("rules");
  try {
    const file = rulesFile(await choosePageLanguage(startLanguage(), { remember: false }));
    const response = await fetch(new URL(`../../${file}`, import.meta.url));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    const blocks = readMarkdown(await response.text());
    main.replaceChildren(...blocks.map(blockNode));
    const title = main.querySelector("h1");
    if (title) {
      document.title = t("rules.pageTitle", { title: title.textContent });
      document.querySelector("header").append(title); // above the sections' list
    }
    $("toc").replaceChildren(...[...main.querySelectorAll("h2[id]")].map((heading) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `#${heading.id}`;
      link.textContent = heading.textContent.replace(/^\d+\.\s*/, "");
      item.append(link);
      return item;
    }));
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  } catch (error) {
    const problem = document.createElement("p");
    problem.className = "error";
    problem.setAttribute("role", "alert");
    problem.textContent = t("rules.loadFailed", { reason: error.message });
    main.replaceChildren(problem);
  }
  main.setAttribute("aria-busy", "false");
  document.body.dataset.ready = "true";
}

start();
