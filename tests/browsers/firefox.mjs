// Debian's Firefox ESR through WebDriver BiDi, by puppeteer-core (which launches the packaged
// browser itself: no geckodriver, nothing downloaded). Gives the driver-neutral session of
// session.mjs: goto, reload, evaluate, click at a point, press a key, screenshot, close.
import puppeteer from "puppeteer-core";
import { existsSync } from "node:fs";

export const FIREFOX = "/usr/bin/firefox-esr";

export async function launchFirefox({ width, height }) {
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: scripts/setup.sh installs firefox-esr`);
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width, height },
    // A fresh profile each run; no update checks or telemetry reaching for the network.
    extraPrefsFirefox: { "app.update.enabled": false, "datareporting.policy.dataSubmissionEnabled": false },
  });
  const page = await browser.newPage();
  return {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//i, "")}`,
    goto: (url) => page.goto(url, { waitUntil: "load" }).then(() => undefined),
    reload: () => page.reload({ waitUntil: "load" }).then(() => undefined),
    // An expression string (not a function): BiDi evaluates it as the driver, past the page's CSP.
    evaluate: (expression) => page.evaluate(expression),
    click: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(key),
    screenshot: (path) => page.screenshot({ path }).then(() => undefined),
    close: () => browser.close(),
  };
}
