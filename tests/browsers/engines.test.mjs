// The cross-browser run (`make test-browsers`, under xvfb-run for WebKit): every scenario of
// scenarios.mjs in Firefox ESR (puppeteer-core, WebDriver BiDi) and in WebKitGTK
// (WebKitWebDriver, selenium-webdriver), against the checkout's server and real wasm (pkg/,
// `make build`). Screenshots go to test-results/browsers/. GROLMAN_BROWSERS=firefox (or webkit)
// runs one engine.
import { after, before, describe, test } from "node:test";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { launchFirefox } from "./firefox.mjs";
import { launchWebKit } from "./webkit.mjs";
import { scenarios } from "./scenarios.mjs";
import { serve } from "./server.mjs";
import { Session } from "./session.mjs";

const ENGINES = { firefox: launchFirefox, webkit: launchWebKit };
const chosen = (process.env.GROLMAN_BROWSERS ?? "firefox,webkit").split(",").map((name) => name.trim());
const VIEWPORT = { width: 1280, height: 900 };

let server;

/** Whether the browser still runs a script: false once its page process or session is gone. */
async function answers(driver) {
  try {
    return (await driver.evaluate("1 + 1")) === 2;
  } catch {
    return false;
  }
}
before(async () => { server = await serve(); });
after(() => server?.stop());

for (const engine of chosen) {
  if (!ENGINES[engine]) throw new Error(`unknown engine "${engine}" in GROLMAN_BROWSERS: use firefox, webkit`);
  describe(engine, () => {
    let driver;
    let session;
    const outDir = fileURLToPath(new URL(`../../test-results/browsers/${engine}`, import.meta.url));
    const launch = async () => {
      driver = await ENGINES[engine](VIEWPORT);
      session = new Session(driver, server.base, outDir);
    };
    before(async () => {
      mkdirSync(outDir, { recursive: true });
      await launch();
      console.log(`# ${engine}: ${driver.name}`);
    });
    after(() => driver?.close());
    for (const scenario of scenarios) {
      test(scenario.name, { timeout: 90_000 }, async () => {
        try {
          await scenario.run(session);
        } catch (error) {
          await session.screenshot(`FAILED ${scenario.name.slice(0, 60)}`).catch(() => {});
          if (await answers(driver)) throw error;
          // The browser itself died (a loaded CI run once saw WebKitGTK's WebProcess crash in
          // the first scenario, and every later one then failed on the lost session). A new
          // browser runs the scenario once more, and the output says so; a page that kills the
          // browser every time still fails here.
          console.log(`# ${engine}: the browser stopped answering during "${scenario.name}" (${error.message}); relaunched it, running the scenario once more`);
          await driver.close().catch(() => {});
          await launch();
          await scenario.run(session);
        }
      });
    }
  });
}
