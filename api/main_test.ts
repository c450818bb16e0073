// The server as operators start it: `api/main.ts` in its own process, configured by the
// environment.

import assert from "node:assert/strict";

/** Starts api/main.ts with `env` on a free port; returns its address and a stop function. */
export function startServer(env: Record<string, string>, extraArgs: string[] = []) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...extraArgs, "api/main.ts"],
    env: { PORT: String(port), KV_PATH: ":memory:", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = (async () => {
    const [out, err] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ]);
    return out + err;
  })();
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already ended */ }
    await child.status;
    return await output;
  };
  return { port, stop, status: child.status };
}

/** Waits until `url` answers (the server is listening), or gives up after a while. */
export async function waitFor(url: string): Promise<boolean> {
  for (let i = 0; i < 150; i++) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return false;
}

Deno.test("HOSTNAME sets the address the server listens on", async () => {
  const server = startServer({ HOSTNAME: "127.0.0.2" }, ["-A"]);
  try {
    const up = await waitFor(`http://127.0.0.2:${server.port}/health`);
    assert.ok(up, up ? "" : await server.stop());
    // the same port on another loopback address is not served
    await assert.rejects(fetch(`http://127.0.0.1:${server.port}/health`));
  } finally {
    await server.stop();
  }
});
