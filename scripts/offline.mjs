// What the service worker (sw.js) and the web app manifest take from a build:
//   pkg/icon.svg     the app's icon: the project's own knight (crates/grolman-diagram/pieces.json)
//                    on a board square, drawn here rather than downloaded;
//   pkg/precache.js  the build's id (a hash of every file the pages use) and that file list, which
//                    sw.js keeps in a cache of that name: a new build is a new cache, never a stale one.
// scripts/build-web.mjs writes both (and scripts/build-wasm.sh, before it); scripts/serve.mjs writes
// the list afresh for each request of pkg/precache.js, after building build/ again when a source
// changed, so that an edit under web/ while `make play` serves is a new version too.
// Usage: node scripts/offline.mjs [ROOT]
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const PAGES = ["index.html", "learn.html", "rules.html", "docs/rules.md", "docs/rules.ru.md", "docs/rules.es.md",
  "docs/rules.de.md", "embed.html", "manifest.webmanifest"];
// What the pages load from web/ as it is: the stylesheets and lessons.json, not the example page's
// style (docs for people who embed) nor app.css (in build/play/page.css); the scripts come from
// build/ (scripts/build-web.mjs).
const SKIP = new Set(["web/embed/example.css", "web/app.css"]);
const KINDS = /\.(css|json)$/;

function walk(root, dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? walk(root, path) : [path];
  });
}

/** The icon: a white knight on a dark square, in the pieces' 100 x 100 box. */
export function iconSvg(root) {
  const { knight } = JSON.parse(readFileSync(join(root, "crates/grolman-diagram/pieces.json"), "utf8"));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">` +
    `<rect width="100" height="100" rx="12" fill="#b58863"/>` +
    `<g transform="translate(6 4) scale(0.88)" fill="#fafafa" stroke="#222" stroke-width="3" stroke-linejoin="round" color="#222">${knight}</g></svg>\n`;
}

/** The files a page may ask for, relative to the root ("build/play/main.js", ...): the pages, the
 *  bundles and chunks of build/, the stylesheets and data under web/, the wasm and the icon. */
export function precacheFiles(root) {
  const web = walk(root, "web").filter((path) => KINDS.test(path) && !SKIP.has(path));
  const build = walk(root, "build").filter((path) => /\.(js|css)$/.test(path));
  const pkg = walk(root, "pkg").filter((path) => /\.(wasm|svg)$/.test(path));
  return [...PAGES.filter((path) => existsSync(join(root, path))), ...build, ...web, ...pkg].sort();
}

/** The file that answers a request for `path`: a page as scripts/build-web.mjs wrote it
 *  (build/pages/, its chunks preloaded) when there is one, else the file itself. */
export function pageFile(root, path) {
  const built = join("build/pages", path);
  return path.endsWith(".html") && existsSync(join(root, built)) ? built : path;
}

/** The text of pkg/precache.js: the build id over the files' names and contents (as served), and the files. */
export function precacheSource(root) {
  const files = precacheFiles(root);
  const hash = createHash("sha256");
  for (const path of files) hash.update(`${path}\0`).update(readFileSync(join(root, pageFile(root, path))));
  const build = hash.digest("hex").slice(0, 16);
  return `// Written by scripts/offline.mjs: the build's id and the files sw.js keeps for offline use.\n` +
    `self.GROLMAN_BUILD = ${JSON.stringify(build)};\n` +
    `self.GROLMAN_FILES = ${JSON.stringify(files, null, 1)};\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.argv[2] ?? join(fileURLToPath(import.meta.url), "../..");
  writeFileSync(join(root, "pkg/icon.svg"), iconSvg(root));
  const source = precacheSource(root);
  writeFileSync(join(root, "pkg/precache.js"), source);
  console.log(`offline: pkg/precache.js: build ${source.match(/"([0-9a-f]{16})"/)[1]}, ${precacheFiles(root).length} files`);
}
