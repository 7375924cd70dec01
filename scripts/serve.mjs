// A tiny static file server for the playground: no dependency, correct MIME types
// (application/wasm lets the browser compile the module while it streams).
// Usage: node scripts/serve.mjs [--port 8000] [--host 127.0.0.1] [--root .] [--quiet]
import { createServer } from "node:http";
import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { precacheSource } from "./offline.mjs";

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

const server = createServer((request, response) => {
  const url = new URL(request.url, "http://localhost");
  let path = normalize(join(root, decodeURIComponent(url.pathname)));
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
  } catch {
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  response.writeHead(200, {
    "content-type": types[extname(path)] ?? "application/octet-stream",
    "content-length": info.size,
    // The page is rebuilt often while developing: never serve a stale wasm next to fresh JS.
    "cache-control": "no-cache",
  });
  if (request.method === "HEAD") response.end();
  else createReadStream(path).pipe(response);
});

server.listen(port, host, () => {
  if (!quiet) {
    console.log(`Grolman playground: http://${host}:${server.address().port}/`);
    console.log("(Ctrl-C stops the server)");
  }
});
