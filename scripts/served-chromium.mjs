// The measuring scripts' shared start: the static server of `root` (this checkout, or another one
// to compare: its own scripts/serve.mjs, so that each build is served as it would be) on a
// free-ish port, and Debian's Chromium (never a downloaded browser), both to be closed by `stop()`.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ownServe = fileURLToPath(new URL("./serve.mjs", import.meta.url));

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Serves `root` and launches Chromium: `{ base, browser, stop }`. The environment's `JS_FLAGS`,
 * if set, goes to V8 as `--js-flags` (e.g. `JS_FLAGS=--no-wasm-stack-checks node scripts/speed.mjs`),
 * to see what a V8 option changes in the same measurements.
 */
export async function servedChromium(root) {
  const serve = existsSync(join(root, "scripts/serve.mjs")) ? join(root, "scripts/serve.mjs") : ownServe;
  // A port another server holds makes ours exit at once (and the browser would load the other's
  // pages): then another port.
  let port;
  let server;
  for (let attempt = 0; !server; attempt++) {
    port = 8000 + Math.floor(Math.random() * 900) + 50;
    const child = spawn(process.execPath, [serve, "--port", String(port), "--quiet"], { cwd: root, stdio: "inherit" });
    const exited = await new Promise((done) => {
      child.once("exit", () => done(true));
      setTimeout(() => done(false), 400);
    });
    if (!exited) server = child;
    else if (attempt === 5) throw new Error(`${serve} would not start`);
  }
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           ...(process.env.JS_FLAGS ? [`--js-flags=${process.env.JS_FLAGS}`] : [])],
  });
  const stop = async () => {
    await browser.close();
    server.kill();
  };
  return { base: `http://127.0.0.1:${port}/`, browser, stop };
}
