// The pages' JavaScript and the playground's stylesheet, bundled and minified by esbuild into
// build/ (gitignored), in two builds, each with a chunk per lazy part (the side panels, the editor,
// the Embed dialog, the extras package, each language):
//   build/play/  index.html: web/main.js alone, so that the playground needs one level of scripts
//                (main.js and the chunks it imports, which esbuild splits off where the lazy parts
//                share them) and its language to a playable board; its stylesheet
//                (web/board/theme.css + web/app.css) goes into the served page itself, one request
//                fewer before the board (the browser opens at most six at once);
//   build/site/  the other pages' entries in one build that shares their chunks: learn.html
//                (learn.js), rules.html (rules.js), embed.html (embed-page.js), <grolman-board>
//                alone (grolman-board.js: example.html, `make dist`) and the engine worker.
// It also writes each page's HTML as the server gives it (build/pages/, scripts/offline.mjs's
// pageFile): the source page minified, with a <link rel="modulepreload"> for every chunk its
// script imports at once, so that they come with the script rather than a round trip after it
// (their names are hashed: only the build knows them); a page that chooses its language also gets
// an inline script (web/boot.js) that preloads the catalog of the language the page will choose
// and, on the playground, starts compiling the wasm.
// The source modules under web/ stay as they are and load unbundled too (the Node tests, the
// fixtures, debugging); the bundles link source maps that point at them.
// A module names its files relative to itself (`new URL("./x.css", import.meta.url)`, the wasm
// glue's `grolman_bg.wasm`); in a bundle those lines are rewritten to name the same files from
// the bundle's folder, and the engine worker's script to its bundle.
// Usage: node scripts/build-web.mjs   (after scripts/build-wasm.sh; `make build` runs both).
// scripts/serve.mjs runs buildWeb() again when a source is newer than the build.
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PAGES, iconSvg, precacheSource } from "./offline.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Each build's folder under build/ and its entry modules. */
export const BUILDS = {
  play: ["web/main.js"],
  site: ["web/learn/learn.js", "web/learn/rules.js", "web/embed/embed-page.js", "web/embed/grolman-board.js", "web/worker/engine-worker.js"],
};

/** The bundle of an entry module: build/<folder>/<its file name>. */
export function bundleOf(entry) {
  const folder = Object.keys(BUILDS).find((name) => BUILDS[name].includes(entry));
  return folder && `build/${folder}/${entry.split("/").pop()}`;
}

// Stands for the bundle's own import.meta.url while a module's other uses are rewritten.
const HERE = "__bundle_url__";
const RELATIVE_URL = /new URL\(\s*(["'])([^"']+)\1\s*,\s*import\.meta\.url\s*\)/g;

/** esbuild plugin: `new URL(...)` relative to a source module, rewritten for the bundle's folder. */
function relocate(root, outdir) {
  const fromOut = (path) => {
    const name = relative(outdir, path).split("\\").join("/");
    return name.startsWith(".") ? name : `./${name}`;
  };
  return {
    name: "relocate-urls",
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        const here = dirname(args.path);
        const contents = source
          .replace(RELATIVE_URL, (whole, quote, target) => {
            if (/^[a-z]+:/i.test(target)) return whole;
            const file = relative(root, resolve(here, target)).split("\\").join("/");
            // A script that is itself an entry (the engine worker) is loaded as its bundle.
            const bundled = file.endsWith(".js") ? bundleOf(file) : undefined;
            return `new URL(${JSON.stringify(fromOut(join(root, bundled ?? file)))}, ${HERE})`;
          })
          // Any other use (a list of paths resolved later) sees the source module's own URL.
          .replaceAll("import.meta.url", `new URL(${JSON.stringify(fromOut(args.path))}, ${HERE}).href`)
          .replaceAll(HERE, "import.meta.url");
        return { contents, loader: "js" };
      });
    },
  };
}

const common = {
  bundle: true,
  minify: true,
  format: "esm",
  // Catalogs in Russian stay letters, not \u escapes (half the size).
  charset: "utf8",
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  logLevel: "warning",
};

/** Builds every bundle into ROOT/build (emptied first), writes build/modules.json (each file's
 *  source modules) and rewrites pkg/precache.js; returns what modules.json holds. */
export async function buildWeb(root = ROOT) {
  const out = join(root, "build");
  rmSync(out, { recursive: true, force: true });
  const modules = {};
  const imports = {};
  for (const [folder, entryPoints] of Object.entries(BUILDS)) {
    const outdir = join(out, folder);
    const result = await esbuild.build({
      ...common,
      absWorkingDir: root,
      entryPoints,
      outdir,
      splitting: true,
      entryNames: "[name]",
      chunkNames: "[name]-[hash]",
      metafile: true,
      plugins: [relocate(root, outdir)],
    });
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      if (file.endsWith(".map")) continue;
      modules[file] = Object.keys(output.inputs).sort();
      imports[file] = output.imports;
    }
  }
  // The playground's two stylesheets in one file, which its served page holds as its <style>
  // (the source index.html links the file).
  await esbuild.build({
    ...common,
    absWorkingDir: root,
    stdin: { contents: '@import "./board/theme.css";\n@import "./app.css";\n', resolveDir: join(root, "web"), loader: "css" },
    outfile: join(out, "play/page.css"),
  });
  modules["build/play/page.css"] = ["web/app.css", "web/board/theme.css"];
  // Which source modules each file holds (the tests ask which file a page loads a module in).
  writeFileSync(join(out, "modules.json"), `${JSON.stringify(modules, null, 1)}\n`);
  await writePages(root, modules, imports);
  if (existsSync(join(root, "pkg"))) {
    writeFileSync(join(root, "pkg/icon.svg"), iconSvg(root));
    writeFileSync(join(root, "pkg/precache.js"), precacheSource(root));
  }
  return modules;
}

/** `file` and every file it imports at once (static imports, transitively), in load order. */
function eager(file, imports, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const below = (imports[file] ?? []).filter((i) => i.kind === "import-statement").flatMap((i) => eager(i.path, imports, seen));
  return [file, ...below];
}

/** The page's markup without comments and with each run of white space that holds a line break
 *  cut to one line break (the text between tags keeps a separator where it had one); <pre>,
 *  <textarea> and <script> keep their contents as written. */
export function minifyHtml(html) {
  return html
    .split(/(<(pre|textarea|script)\b[\s\S]*?<\/\2>)/)
    .map((part, i) => {
      if (i % 3 === 1) return part;
      if (i % 3 === 2) return "";
      return part.replace(/<!--[\s\S]*?-->/g, "").replace(/[ \t]*\n\s*/g, "\n");
    })
    .join("")
    .trim();
}

/** The inline script of a page that chooses its language (web/boot.js): preloads that language's
 *  catalog (`catalogs`: language -> files, from the page's folder) and, given the page's wasm,
 *  starts compiling it. */
async function bootScript(root, catalogs, wasm) {
  const { outputFiles } = await esbuild.build({
    ...common,
    sourcemap: false,
    absWorkingDir: root,
    write: false,
    format: "iife",
    stdin: {
      resolveDir: root,
      contents: `import { boot } from "./web/boot.js";
        boot(${JSON.stringify(catalogs)}, ${JSON.stringify(wasm)});`,
    },
  });
  return outputFiles[0].text.trim();
}

// The page's wasm preload (index.html): the boot script's fetch is given that response and compiles
// it. Chromium gives a fetch the preload's response only once the parser has met the <link>: the
// served page has it first, before the script.
const WASM_PRELOAD = /<link rel="preload" href="([^"]+\.wasm)" as="fetch" type="application\/wasm" crossorigin>/;

/** The CSS of a stylesheet of build/ (its source map's comment left out), for a page's <style>. */
const inlineCss = (root, href) => readFileSync(join(root, href), "utf8").replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "").trim();

/** Writes build/pages/<page> for each page: its scripts' eager chunks preloaded, the stylesheets
 *  of build/ that it links written into it (a page with a Content-Security-Policy keeps its
 *  links: its style-src has no inline styles), minified. */
async function writePages(root, modules, imports) {
  mkdirSync(join(root, "build/pages"), { recursive: true });
  for (const page of PAGES.filter((path) => path.endsWith(".html"))) {
    let html = readFileSync(join(root, page), "utf8");
    if (!html.includes('http-equiv="Content-Security-Policy"')) {
      html = html.replace(/<link rel="stylesheet" href="(build\/[^"]+\.css)">/g, (link, href) => `<style>${inlineCss(root, href)}</style>`);
    }
    for (const [tag, src] of html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)) {
      const chunks = eager(src, imports).slice(1);
      let extra = [src, ...chunks].map((file) => `<link rel="modulepreload" href="${file}">`).join("\n");
      // A page that chooses its language as web/i18n/choice.js says (its script holds
      // web/i18n/page.js; the element follows its own lang) preloads that language's catalog:
      // the files of the part that every page loads (web/i18n/<code>/ui.js). A page's
      // Content-Security-Policy lets that one inline script in by its hash.
      if ([src, ...chunks].some((file) => modules[file]?.includes("web/i18n/page.js"))) {
        const catalogs = {};
        for (const [file, inputs] of Object.entries(modules)) {
          const [, code] = inputs.map((input) => input.match(/^web\/i18n\/([a-z]+)\/ui\.js$/)).find(Boolean) ?? [];
          if (code && dirname(file) === dirname(src)) catalogs[code] = eager(file, imports);
        }
        const [preload, wasm = null] = html.match(WASM_PRELOAD) ?? [];
        if (preload) {
          html = html.replace(WASM_PRELOAD, "");
          extra = `${preload}\n${extra}`;
        }
        const script = await bootScript(root, catalogs, wasm);
        const hash = createHash("sha256").update(script).digest("base64");
        html = html.replace(/(http-equiv="Content-Security-Policy"[^>]*script-src 'self')/, `$1 'sha256-${hash}'`);
        extra += `\n<script>${script}</script>`;
      }
      // Before the stylesheet: an inline script waits for the stylesheets above it.
      const at = html.search(/<link rel="stylesheet"|<style>|<script type="module"/);
      html = `${html.slice(0, at)}${extra}\n${html.slice(at)}`;
    }
    writeFileSync(join(root, "build/pages", page), `${minifyHtml(html)}\n`);
  }
}

/** The newest modification time of the files a build reads (web/, pkg/'s scripts, the pages,
 *  this file). */
function newestSource(root) {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  for (const page of PAGES.filter((path) => path.endsWith(".html") && existsSync(join(root, path)))) {
    newest = Math.max(newest, statSync(join(root, page)).mtimeMs);
  }
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|css|json)$/.test(entry.name) && entry.name !== "precache.js") newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, "web"));
  walk(join(root, "pkg"));
  return newest;
}

/** True when build/ is missing or older than a source it is made of. */
export function stale(root = ROOT) {
  const stamp = join(root, bundleOf("web/main.js"));
  return !existsSync(stamp) || statSync(stamp).mtimeMs < newestSource(root);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = Object.keys(await buildWeb());
  console.log(`build-web: ${files.length} files in build/ (${Object.keys(BUILDS).join(", ")})`);
}
