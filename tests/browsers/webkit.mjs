// WebKitGTK (the engine of Safari) through WebKitWebDriver and its MiniBrowser, by
// selenium-webdriver's W3C WebDriver client. MiniBrowser needs an X display: run under
// `xvfb-run` (the Makefile does). Gives the driver-neutral session of session.mjs.
import { Builder, Key, Origin } from "selenium-webdriver";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "./server.mjs";

export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

// Playwright's key names (the scenarios') to WebDriver's key code points.
const KEYS = { ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, ArrowUp: Key.ARROW_UP,
  ArrowDown: Key.ARROW_DOWN, Home: Key.HOME, End: Key.END, Escape: Key.ESCAPE, Enter: Key.ENTER, " ": Key.SPACE };

async function untilAnswers(url, driver) {
  for (let tries = 0; tries < 100; tries++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on ${url}`);
}

export async function launchWebKit({ width, height }) {
  for (const file of [WEBKIT_DRIVER, MINIBROWSER]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: scripts/setup.sh installs webkit2gtk-driver`);
  }
  if (!process.env.DISPLAY) throw new Error("WebKit's MiniBrowser needs an X display: run under xvfb-run (make test-browsers)");
  const port = await freePort();
  // In its own process group, so that closing can end the MiniBrowser it started too: a
  // MiniBrowser left behind (its session lost to a crashed page process, so `quit` cannot end
  // it) holds the test runner's output pipe open, and the run never ends.
  const service = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: ["ignore", "ignore", "inherit"], detached: true });
  const server = `http://127.0.0.1:${port}`;
  await untilAnswers(`${server}/status`, service);
  const driver = await new Builder().usingServer(server).withCapabilities({
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
  }).build();
  await driver.manage().window().setRect({ width, height });
  const version = await driver.getCapabilities().then((c) => c.get("browserVersion"));
  return {
    name: `WebKitGTK ${version}`,
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    // WebDriver's Execute Script waits for a returned promise.
    evaluate: (expression) => driver.executeScript(`return ${expression};`),
    click: (x, y) => driver.actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).press().release().perform(),
    press: (key) => driver.actions().keyDown(KEYS[key] ?? key).keyUp(KEYS[key] ?? key).perform(),
    screenshot: async (path) => {
      const { writeFile } = await import("node:fs/promises");
      await writeFile(path, Buffer.from(await driver.takeScreenshot(), "base64"));
    },
    close: async () => {
      try {
        await driver.quit();
      } finally {
        try {
          process.kill(-service.pid, "SIGKILL");
        } catch { /* the group has ended already */ }
      }
    },
  };
}
