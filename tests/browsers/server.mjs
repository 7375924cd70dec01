// The checkout's own static server (scripts/serve.mjs) on a free port, for the cross-browser run;
// and a copy of the built site of its own, for a test that changes the build under a service
// worker (tests/e2e/offline.spec.js in Chromium, the offline scenario of scenarios.mjs here).
import { spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));

export const freePort = () => new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once("error", reject);
  probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

/** Serves `root` (the checkout by default) on `port` (a free one by default): `{ base, port, stop }`;
 *  `stop()` resolves once the server has exited, so that the port may be served again. */
export async function serve({ root = repo, port } = {}) {
  port ??= await freePort();
  const server = spawn(process.execPath, [join(repo, "scripts/serve.mjs"), "--root", root, "--port", String(port), "--quiet"],
    { cwd: repo, stdio: "inherit" });
  const exited = new Promise((done) => server.once("exit", done));
  const base = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}index.html`, { method: "HEAD" })).ok) break;
    } catch (error) {
      if (server.exitCode !== null || tries > 100) {
        server.kill();
        throw new Error(`scripts/serve.mjs did not answer on ${base}: ${error.message}`);
      }
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    base,
    port,
    stop: () => {
      server.kill();
      return exited;
    },
  };
}

/** A copy of the built site (the pages, sw.js, web/, pkg/, build/: `make build`) in a temporary
 *  folder, served on a port of its own, so that a test can make a new build of it:
 *  `{ base, start, stop, mark, remove }`. `stop()` cuts the network (the server ends; the port stays
 *  the site's, and with it the origin of its service worker), `start()` serves it again there.
 *  `mark(text)` makes a new build, marked in the page's HTML (a comment after </html>, a child of
 *  the document) and in its stylesheet: see `loadedBuild`. */
export async function siteCopy() {
  const root = mkdtempSync(join(tmpdir(), "grolman-offline-"));
  for (const path of ["index.html", "learn.html", "embed.html", "manifest.webmanifest", "sw.js", "web", "pkg", "build"]) {
    cpSync(join(repo, path), join(root, path), { recursive: true });
  }
  let server = await serve({ root });
  const { base, port } = server;
  return {
    base,
    root,
    start: async () => { server = await serve({ root, port }); },
    stop: () => server?.stop(),
    mark: (text) => {
      appendFileSync(join(root, "build/pages/index.html"), `\n<!-- ${text} -->\n`);
      appendFileSync(join(root, "build/play/page.css"), `\n/* ${text} */\n`);
    },
    remove: async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Run in the page (a function, for Playwright's evaluate and session.mjs's run alike): the marks of
 *  the build its document came from and of the build its stylesheet comes from now ("" for none),
 *  so that a page mixing two builds shows. */
export async function loadedBuild() {
  return {
    page: [...document.childNodes].filter((node) => node.nodeType === Node.COMMENT_NODE).map((node) => node.data.trim()).join(", "),
    css: (await (await fetch("build/play/page.css")).text()).match(/\/\* ([a-z ]+) \*\/\s*$/)?.[1] ?? "",
  };
}
