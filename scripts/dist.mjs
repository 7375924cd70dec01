// `make dist`: the folder a composer copies to their own site so that <grolman-board> works
// there: dist/grolman-embed/ with the element's bundle (build/site/grolman-board.js, written by
// scripts/build-web.mjs) and every chunk it and the engine worker's bundle import, the stylesheets
// and wasm they name, and a README (the script tag, the CSP line, the wasm type). The files are found
// by following the imports from the two bundles, so the folder holds what the element loads and
// nothing else; paths inside keep the site's layout (build/site/..., web/..., pkg/...), which the
// bundles' relative references rely on.
// Usage: node scripts/dist.mjs [--out dist/grolman-embed]   (needs pkg/ and build/: `make build`)
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { bundleOf } from "./build-web.mjs";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const at = process.argv.indexOf("--out");
const out = resolve(root, at > 0 ? process.argv[at + 1] : "dist/grolman-embed");
const ELEMENT = bundleOf("web/embed/grolman-board.js");
const ENTRIES = [ELEMENT, bundleOf("web/worker/engine-worker.js")];

// Static and dynamic imports and re-exports (minified: `import{a as b}from"./chunk.js"`), and
// files named relative to a module (`new URL("x", import.meta.url)`).
const REFERENCES = [
  /\bimport\s*(?:[\w$*{][^'"();]*?\bfrom\s*)?["']([^"']+)["']/g,
  /\bexport\s*[*{][^'"();]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  /new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g,
];

function follow(entries) {
  const files = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file)) continue;
    const path = join(root, file);
    if (!existsSync(path)) throw new Error(`${file} is missing${/^(pkg|build)\//.test(file) ? ": run `make build` first" : ""}`);
    files.add(file);
    if (!file.endsWith(".js")) continue;
    const source = readFileSync(path, "utf8");
    for (const pattern of REFERENCES) {
      for (const [, target] of source.matchAll(pattern)) {
        if (!target.startsWith(".")) continue; // only relative paths are ours to copy
        queue.push(relative(root, resolve(dirname(path), target)));
      }
    }
  }
  return [...files].sort();
}

const all = follow(ENTRIES);
rmSync(out, { recursive: true, force: true });
for (const file of all) {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  copyFileSync(join(root, file), join(out, file));
}

const folder = relative(join(out, ".."), out);
writeFileSync(join(out, "README.md"), `# <grolman-board> for your own site

Copy this folder (\`${folder}/\`) to your site, say to \`/${folder}/\`, and put on any page:

\`\`\`html
<script type="module" src="/${folder}/${ELEMENT}"></script>
<grolman-board variant="grolman" fen="7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1" stipulation="#1" mode="solve"></grolman-board>
\`\`\`

Modes: \`diagram\` (the default), \`replay\` (with \`moves="e2e4 e7e5"\`), \`play\`, and \`solve\`: the
reader tries to solve the problem of \`stipulation\`; the solver runs in a Web Worker, which
browsers start only from the page's own origin. That is why the element is served from your site
and not from the playground's: a module script, its worker and its wasm from another origin would
need CORS headers there, and a worker cannot come from another origin at all.

## What your server must do

- Serve \`.wasm\` files as \`application/wasm\` (nginx: \`types { application/wasm wasm; }\`; Apache:
  \`AddType application/wasm .wasm\`), \`.js\` as \`text/javascript\`, \`.json\` as \`application/json\`.
- If your pages send a Content Security Policy, it must allow (the element needs no inline script
  or style, and no other origin):

\`\`\`
script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' blob: data:
\`\`\`

  \`'wasm-unsafe-eval'\` lets the rules (WebAssembly) compile; \`worker-src\` is for \`mode="solve"\`;
  \`blob:\` images only for the PNG download.

## Files

${all.map((file) => `- \`${file}\``).join("\n")}

Made by \`make dist\` in the Grolman playground; MIT licence, like the playground.
`);
console.log(`dist: ${all.length} files in ${relative(root, out)}/`);
