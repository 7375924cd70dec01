// Browser tests: Debian's Chromium (installed by scripts/setup.sh, never downloaded by
// Playwright), the real wasm from pkg/ (built by `make build`), served by scripts/serve.mjs.
import { defineConfig } from "@playwright/test";
import { createServer } from "node:net";

// One free port per run. Workers load this file again, so the port travels in the environment.
if (!process.env.GROLMAN_E2E_PORT) {
  process.env.GROLMAN_E2E_PORT = String(
    await new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    }),
  );
}
const port = Number(process.env.GROLMAN_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}/`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    screenshot: "on",
    trace: "retain-on-failure",
    viewport: { width: 1200, height: 900 },
    // The page speaks the browser's language: the tests read English unless they choose another.
    locale: "en-US",
    // The service worker (sw.js) serves a build from its cache: only tests/e2e/offline.spec.js,
    // which is about it, lets it run; every other test sees the files as served.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `node scripts/serve.mjs --port ${port} --quiet`,
    url: `${baseURL}index.html`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
