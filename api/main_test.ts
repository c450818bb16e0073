// The server as operators start it: `api/main.ts` in its own process, configured by the
// environment.

import assert from "node:assert/strict";
import { testStorePath } from "./kv/connect/test_store.ts";
import { spawnServer, START_FLAGS } from "./tools/server_process.ts";

Deno.test("HOSTNAME sets the address the server listens on", async () => {
  const server = await spawnServer({ KV_PATH: testStorePath(":memory:"), HOSTNAME: "127.0.0.2" }, [
    "-A",
  ]);
  try {
    assert.equal(new URL(server.base).hostname, "127.0.0.2");
    const health = await fetch(`${server.base}/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
    // the same port on another loopback address is not served
    await assert.rejects(fetch(`http://127.0.0.1:${new URL(server.base).port}/health`));
  } finally {
    await server.stop();
  }
});

Deno.test({
  name: "On Deno Deploy the server starts with the project folder read-only and serves the app",
  sanitizeResources: false,
  async fn() {
    const project = new URL("..", import.meta.url).pathname;
    // Deploy's managed KV stands in as openKv()'s default store, under a DENO_DIR of its own (in
    // both runs of the suite: on Deploy, KV_PATH is not read)
    const denoDir = await Deno.makeTempDir({ prefix: "portal-deploy-" });
    const web = `${denoDir}/web`;
    await Deno.mkdir(`${web}/assets`, { recursive: true });
    await Deno.writeTextFile(
      `${web}/index.html`,
      '<!doctype html><html lang="en"><title>Staff Portal</title></html>',
    );
    await Deno.writeTextFile(`${web}/assets/app.js`, "console.log('portal');");
    const server = await spawnServer(
      {
        DENO_DEPLOYMENT_ID: "test-deployment",
        DENO_DIR: denoDir,
        // a KV_PATH left in the environment is not the store on Deploy, and makes no folder
        KV_PATH: ".data/deploy.kv",
        WEB_DIST: web,
        PORTAL_ADMIN_PASSWORD: "Deploy-admin-pass-1",
      },
      ["--allow-net", "--allow-env", "--allow-read", `--deny-write=${project}`, "--allow-write"],
    );
    try {
      const health = await fetch(`${server.base}/health`);
      assert.equal(health.status, 200);
      await health.body?.cancel();
      const asset = await fetch(`${server.base}/assets/app.js`);
      assert.equal(await asset.text(), "console.log('portal');");
      // a deep link opens the app
      const page = await fetch(`${server.base}/admin/users`);
      const deep = await page.text();
      assert.match(deep, /<title>Staff Portal<\/title>/);
      assert.doesNotMatch(deep, /data-boot/);
      // /login shows the page's sign-in form from the first paint (issue 51)
      const signIn = await (await fetch(`${server.base}/login`)).text();
      assert.match(signIn, /<html data-boot="login" lang="en">/);
      // a form posted before the page's script ran comes back to the sign-in page
      const posted = await fetch(`${server.base}/login`, {
        method: "POST",
        body: new URLSearchParams({ employeeCode: "ADMIN", password: "x" }),
        redirect: "manual",
      });
      assert.equal(posted.status, 303);
      assert.equal(posted.headers.get("location"), "/login");
      await posted.body?.cancel();
      // the first super admin was made in the managed store
      const login = await fetch(`${server.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ employeeCode: "ADMIN", password: "Deploy-admin-pass-1" }),
      });
      assert.equal(login.status, 200, await login.text());
    } finally {
      await server.stop();
      await Deno.remove(denoDir, { recursive: true });
      assert.doesNotMatch(server.output(), /PermissionDenied|NotCapable/);
    }
    await assert.rejects(Deno.stat(`${project}.data/deploy.kv`));
  },
});

Deno.test("the bench and the multi-process test start the server with npm start's flags", async () => {
  const pkg = JSON.parse(await Deno.readTextFile(new URL("../package.json", import.meta.url)));
  const start = (pkg.scripts.start as string).split("&&").map((s) => s.trim());
  const run = start.find((s) => s.startsWith("deno run "))!.split(/\s+/);
  assert.deepEqual(run.slice(2, -1), START_FLAGS);
  assert.equal(run.at(-1), "api/main.ts");
});

Deno.test("a start on a store with users says PORTAL_ADMIN_CODE/PASSWORD are ignored, never their values", async () => {
  const dir = await Deno.makeTempDir({ prefix: "portal-admin-env-" });
  const env = { KV_PATH: testStorePath(`${dir}/portal.kv`), WEB_DIST: dir };
  try {
    const first = await spawnServer({ ...env, PORTAL_ADMIN_PASSWORD: "First-admin-pass-71" });
    await first.stop();
    assert.match(first.output(), /First super admin created: sign in with employee code ADMIN/);
    assert.doesNotMatch(first.output(), /ignored/);

    // as after `npm run kv -- seed-load`: users exist, and a password given now makes no one
    const again = await spawnServer({
      ...env,
      PORTAL_ADMIN_CODE: "BOSS",
      PORTAL_ADMIN_PASSWORD: "Later-admin-pass-93",
    });
    try {
      const login = await fetch(`${again.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ employeeCode: "BOSS", password: "Later-admin-pass-93" }),
      });
      assert.equal(login.status, 401);
      await login.body?.cancel();
    } finally {
      await again.stop();
    }
    assert.match(
      again.output(),
      /PORTAL_ADMIN_CODE and PORTAL_ADMIN_PASSWORD are ignored: this store has users already/,
    );
    assert.doesNotMatch(again.output(), /First super admin created|Later-admin-pass-93|BOSS/);

    const plain = await spawnServer(env);
    await plain.stop();
    assert.doesNotMatch(plain.output(), /ignored|First super admin/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
