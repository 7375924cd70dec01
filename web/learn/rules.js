// rules.html: docs/rules.md, the one statement of the rules, drawn as a page in the lessons'
// style (web/learn/markdown.js reads its Markdown; every text goes in as text).
import { readMarkdown } from "./markdown.js";

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
    const response = await fetch(new URL("../../docs/rules.md", import.meta.url));
    if (!response.ok) throw new Error(`docs/rules.md: HTTP ${response.status}`);
    const blocks = readMarkdown(await response.text());
    main.replaceChildren(...blocks.map(blockNode));
    const title = main.querySelector("h1");
    if (title) {
      document.title = `${title.textContent}: Grolman chess and Tatarstan chess`;
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
    problem.textContent = `The rules could not be loaded: ${error.message}`;
    main.replaceChildren(problem);
  }
  main.setAttribute("aria-busy", "false");
  document.body.dataset.ready = "true";
}

start();
