// The measuring scripts' shared start: this checkout's static server on a free-ish port over
// `root` (this checkout, or another one to compare), and Debian's Chromium (never a downloaded
// browser), both to be closed by `stop()`.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const serve = fileURLToPath(new URL("./serve.mjs", import.meta.url));

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Serves `root` and launches Chromium: `{ base, browser, stop }`. */
export async function servedChromium(root) {
  const port = 8000 + Math.floor(Math.random() * 900) + 50;
  const server = spawn(process.execPath, [serve, "--port", String(port), "--quiet"], {
    cwd: root,
    stdio: "inherit",
  });
  await new Promise((done) => setTimeout(done, 400));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const stop = async () => {
    await browser.close();
    server.kill();
  };
  return { base: `http://127.0.0.1:${port}/`, browser, stop };
}
