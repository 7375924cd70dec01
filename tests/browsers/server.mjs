// The checkout's own static server (scripts/serve.mjs) on a free port, for the cross-browser run.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export const freePort = () => new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once("error", reject);
  probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

/** Serves the checkout: `{ base, stop }`. */
export async function serve() {
  const port = await freePort();
  const server = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(port), "--quiet"], { cwd: root, stdio: "inherit" });
  const base = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}index.html`, { method: "HEAD" })).ok) break;
    } catch (error) {
      if (tries > 100) throw new Error(`scripts/serve.mjs did not answer on ${base}: ${error.message}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return { base, stop: () => server.kill() };
}
