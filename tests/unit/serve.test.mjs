// The static server of `make play` (scripts/serve.mjs): a request target that names no file
// gets an error answer, and the server goes on serving (a "//" or a broken %-escape once stopped it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";

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
