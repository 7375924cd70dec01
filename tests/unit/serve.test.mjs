// The static server of `make play` (scripts/serve.mjs): a request target that names no file
// gets an error answer, and the server goes on serving (a "//" or a broken %-escape once stopped it);
// a file is sent compressed in the encoding the browser accepts, and decodes to the file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

const serve = fileURLToPath(new URL("../../scripts/serve.mjs", import.meta.url));

/** GET `path` as written (no normalising client in between): the status code. */
const get = (port, path) => new Promise((resolve, reject) => {
  const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (response) => {
    response.resume();
    response.on("end", () => resolve(response.statusCode));
  });
  req.on("error", reject);
  req.end();
});

/** GET `path` with `headers`: { status, headers, body } (the body as sent, not decoded). */
const fetchRaw = (port, path, headers = {}) => new Promise((resolve, reject) => {
  const req = request({ host: "127.0.0.1", port, path, method: "GET", headers }, (response) => {
    const chunks = [];
    response.on("data", (chunk) => chunks.push(chunk));
    response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
  });
  req.on("error", reject);
  req.end();
});

/** Starts scripts/serve.mjs on a free-ish port and waits until it answers: { port, server }. */
async function started() {
  const port = 9000 + Math.floor(Math.random() * 900);
  const server = spawn(process.execPath, [serve, "--port", String(port), "--quiet"], { stdio: "ignore" });
  for (let i = 0; i < 50; i += 1) {
    await new Promise((done) => setTimeout(done, 100));
    if (await get(port, "/web/main.js").then(() => true, () => false)) return { port, server };
  }
  server.kill();
  throw new Error("the server does not answer");
}

test("a file is sent in brotli or gzip as the request accepts, decoding to the file, and as it is otherwise", async () => {
  const { port, server } = await started();
  try {
    const file = readFileSync(new URL("../../web/main.js", import.meta.url));
    const br = await fetchRaw(port, "/web/main.js", { "accept-encoding": "gzip, deflate, br" });
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(br.headers.vary, "accept-encoding");
    assert.equal(Number(br.headers["content-length"]), br.body.length);
    assert.ok(br.body.length < file.length);
    assert.deepEqual(brotliDecompressSync(br.body), file);
    const gz = await fetchRaw(port, "/web/main.js", { "accept-encoding": "gzip;q=1, br;q=0" });
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.deepEqual(gunzipSync(gz.body), file);
    const plain = await fetchRaw(port, "/web/main.js");
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.deepEqual(plain.body, file);
  } finally {
    server.kill();
  }
});

test("a bad request target is answered 400 and the server keeps serving", async () => {
  const port = 9000 + Math.floor(Math.random() * 900);
  const server = spawn(process.execPath, [serve, "--port", String(port), "--quiet"], { stdio: "ignore" });
  try {
    let up = false;
    for (let i = 0; i < 50 && !up; i += 1) {
      await new Promise((done) => setTimeout(done, 100));
      up = await get(port, "/web/main.js").then(() => true, () => false);
    }
    assert.ok(up, "the server answers");
    assert.equal(await get(port, "/web/%E0%A4%A"), 400);
    assert.equal(await get(port, "/web/main.js"), 200);
    assert.notEqual(await get(port, "//web/main.js"), 500);
    assert.equal(await get(port, "/web/main.js"), 200);
  } finally {
    server.kill();
  }
});
