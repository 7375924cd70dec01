// The pages' JavaScript and the playground's stylesheet, bundled and minified by esbuild into
// build/ (gitignored), in two builds, each with a chunk per lazy part (the side panels, the editor,
// the Embed dialog, the extras package, each language):
//   build/play/  index.html: web/main.js alone, so that the playground needs one level of scripts
//                (main.js and the chunks it imports, which esbuild splits off where the lazy parts
//                share them) and its language to a playable board; page.css is web/board/theme.css
//                + web/app.css;
//   build/site/  the other pages' entries in one build that shares their chunks: learn.html
//                (learn.js), rules.html (rules.js), embed.html (embed-page.js), <grolman-board>
//                alone (grolman-board.js: example.html, `make dist`) and the engine worker.
// The source modules under web/ stay as they are and load unbundled too (the Node tests, the
// fixtures, debugging); the bundles link source maps that point at them.
// A module names its files relative to itself (`new URL("./x.css", import.meta.url)`, the wasm
// glue's `grolman_bg.wasm`); in a bundle those lines are rewritten to name the same files from
// the bundle's folder, and the engine worker's script to its bundle.
// Usage: node scripts/build-web.mjs   (after scripts/build-wasm.sh; `make build` runs both).
// scripts/serve.mjs runs buildWeb() again when a source is newer than the build.
import * as esbuild from "esbuild";
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { iconSvg, precacheSource } from "./offline.mjs";

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
    for (const [file, { inputs }] of Object.entries(result.metafile.outputs)) {
      if (!file.endsWith(".map")) modules[file] = Object.keys(inputs).sort();
    }
  }
  // The playground's two stylesheets in one file.
  await esbuild.build({
    ...common,
    absWorkingDir: root,
    stdin: { contents: '@import "./board/theme.css";\n@import "./app.css";\n', resolveDir: join(root, "web"), loader: "css" },
    outfile: join(out, "play/page.css"),
  });
  modules["build/play/page.css"] = ["web/app.css", "web/board/theme.css"];
  // Which source modules each file holds (the tests ask which file a page loads a module in).
  writeFileSync(join(out, "modules.json"), `${JSON.stringify(modules, null, 1)}\n`);
  if (existsSync(join(root, "pkg"))) {
    writeFileSync(join(root, "pkg/icon.svg"), iconSvg(root));
    writeFileSync(join(root, "pkg/precache.js"), precacheSource(root));
  }
  return modules;
}

/** The newest modification time of the files a build reads (web/, pkg/'s scripts, this file). */
function newestSource(root) {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
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
