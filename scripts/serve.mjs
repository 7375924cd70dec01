// A tiny static file server for the playground: correct MIME types (application/wasm lets the
// browser compile the module while it streams), text and wasm compressed (brotli, else gzip, as the
// browser accepts: the page's wasm is 197 KB raw and 80 KB in brotli; each file compressed once per
// version and kept), and the pages' bundles (build/) kept fresh: a page
// asked for while a source under web/ or pkg/ is newer than the build is served after
// scripts/build-web.mjs has built them again, so that an edit shows on the next reload; a page
// (index.html, ...) is served as that build wrote it into build/pages/.
// Usage: node scripts/serve.mjs [--port 8000] [--host 127.0.0.1] [--root .] [--quiet]
import { createServer } from "node:http";
import { createReadStream, readFile, statSync } from "node:fs";
import { brotliCompress, constants, gzip } from "node:zlib";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { pageFile, precacheSource } from "./offline.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const port = Number(option("port", process.env.PORT ?? 8000));
const host = option("host", "127.0.0.1");
const root = resolve(option("root", "."));
const quiet = args.includes("--quiet");

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".md": "text/plain; charset=utf-8",
  ".pgn": "text/plain; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};

// What is worth compressing: everything but the images that are compressed already.
const COMPRESSIBLE = /\.(html|m?js|css|json|webmanifest|wasm|svg|md|pgn|ts|map)$/;
// Brotli at quality 5: within 2 % of quality 9's size on the wasm, at a fifth of its time (the
// first request of a new build waits for it).
const ENCODERS = {
  br: (bytes, done) => brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }, done),
  gzip: (bytes, done) => gzip(bytes, { level: 6 }, done),
};

/** The encoding to answer `request` in: brotli or gzip when it accepts one (q=0 refuses), else null. */
function encodingFor(request) {
  const accepted = new Map(String(request.headers["accept-encoding"] ?? "").split(",").map((item) => {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/)).find(Boolean);
    return [name, q ? Number(q[1]) : 1];
  }));
  return Object.keys(ENCODERS).find((name) => (accepted.get(name) ?? 0) > 0) ?? null;
}

/** Each file's compressed bytes, by path and encoding, for the file's version (mtime and size). */
const compressed = new Map();
function compressedFile(path, info, encoding) {
  const key = `${encoding}:${path}`;
  const version = `${info.mtimeMs}:${info.size}`;
  const kept = compressed.get(key);
  if (kept?.version === version) return kept.bytes;
  const bytes = new Promise((done, fail) => {
    readFile(path, (error, raw) => (error ? fail(error) : ENCODERS[encoding](raw, (failed, out) => (failed ? fail(failed) : done(out)))));
  });
  compressed.set(key, { version, bytes });
  bytes.catch(() => compressed.delete(key));
  return bytes;
}

// Only this checkout's own bundles are rebuilt (a measuring script may serve another checkout).
const own = root === resolve(fileURLToPath(new URL("..", import.meta.url)));

/** Resolves once build/ is as new as its sources (one build at a time; the check at most every 300 ms). */
let building = null;
let checkedAt = 0;
function fresh() {
  if (building) return building;
  if (!own || Date.now() - checkedAt < 300) return Promise.resolve();
  checkedAt = Date.now();
  // Imported here, so that a checkout whose node_modules lacks esbuild still serves (and says why
  // build/ is not made) rather than failing to start.
  building = import("./build-web.mjs")
    .then(({ buildWeb, stale }) => stale(root) && buildWeb(root))
    .catch((error) => console.error(`build-web: ${error.message} (npm ci installs esbuild; make build bundles)`))
    .finally(() => {
      building = null;
      checkedAt = Date.now();
    });
  return building;
}

/** The request's URL and the file path it names, or null for a target no file can have
 *  ("//", a broken %-escape): those get a 400 instead of stopping the server. */
function target(request) {
  try {
    const url = new URL(`http://localhost${request.url}`);
    return { url, path: normalize(join(root, decodeURIComponent(url.pathname))) };
  } catch {
    return null;
  }
}

const server = createServer(async (request, response) => {
  const named = target(request);
  if (!named) {
    response.writeHead(400, { "content-type": "text/plain" }).end(`bad request target: ${request.url}`);
    return;
  }
  const { url } = named;
  let { path } = named;
  // A page's load asks for its HTML first: its bundles are checked then, not on each request.
  if (/^\/(pkg\/precache\.js$|[^/]*\.html$|$)/.test(url.pathname)) await fresh();
  if (path !== root && !path.startsWith(root + sep)) {
    response.writeHead(403).end("forbidden");
    return;
  }
  // The service worker's list, with the build id of the files as they are now: an edit under web/
  // while this serves is a new version for the page (sw.js), never a stale cache.
  if (url.pathname === "/pkg/precache.js") {
    let source;
    try {
      source = precacheSource(root);
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(`precache: ${error.message}`);
      return;
    }
    response.writeHead(200, { "content-type": types[".js"], "cache-control": "no-cache" });
    response.end(request.method === "HEAD" ? undefined : source);
    return;
  }
  let info;
  try {
    info = statSync(path);
    if (info.isDirectory()) {
      path = join(path, "index.html");
      info = statSync(path);
    }
    // A page is served as the build wrote it (its chunks preloaded), when it did.
    path = join(root, pageFile(root, relative(root, path)));
    info = statSync(path);
  } catch {
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  const headers = {
    "content-type": types[extname(path)] ?? "application/octet-stream",
    "content-length": info.size,
    // The page is rebuilt often while developing: never serve a stale wasm next to fresh JS.
    "cache-control": "no-cache",
  };
  const encoding = COMPRESSIBLE.test(path) ? encodingFor(request) : null;
  if (COMPRESSIBLE.test(path)) headers.vary = "accept-encoding";
  if (encoding) {
    let bytes;
    try {
      bytes = await compressedFile(path, info, encoding);
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(`${encoding}: ${error.message}`);
      return;
    }
    response.writeHead(200, { ...headers, "content-encoding": encoding, "content-length": bytes.length });
    response.end(request.method === "HEAD" ? undefined : bytes);
    return;
  }
  response.writeHead(200, headers);
  if (request.method === "HEAD") response.end();
  else createReadStream(path).pipe(response);
});

server.listen(port, host, () => {
  if (!quiet) {
    console.log(`Grolman playground: http://${host}:${server.address().port}/`);
    console.log("(Ctrl-C stops the server)");
  }
});
