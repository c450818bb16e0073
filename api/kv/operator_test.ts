// The operator's way back from the server's shell: `npm run kv -- unlock CODE` and
// `npm run kv -- promote CODE` (finding 10: anyone can lock any account, the last super admin
// included).

import assert from "node:assert/strict";
import { testStorePath } from "./connect/test_store.ts";
import { seed } from "../start/seed.ts";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";

Deno.test("unlock and promote, audited as the operator, bring a locked or lost super admin back", async () => {
  const api = await testApi();
  try {
    await api.account("S1", "super_admin");
    await api.account("U1", "user");
    const login = signInFrom(api);
    // anyone locks the only other super admin with five wrong passwords
    for (let i = 0; i < 5; i++) await login("203.0.113.9", "S1", `wrong-${i}`);
    assert.equal((await login("198.51.100.1", "S1", PASSWORD)).status, 423);
    const { unlockAccount, promoteAccount } = await import("./operator.ts");
    assert.match(await unlockAccount(api.kv, "s1", api.clock.now), /S1 unlocked \(was locked\)/);
    assert.equal((await login("198.51.100.1", "S1", PASSWORD)).status, 200);
    assert.match(await promoteAccount(api.kv, "U1", api.clock.now), /U1 is an active super admin/);
    const promoted = await login("198.51.100.2", "U1", PASSWORD);
    assert.equal(promoted.status, 200);
    const token = await api.account("S9", "super_admin");
    const log = await api.call("GET", "/api/audit?actor=operator", undefined, token);
    const actions = log.json.data.entries.map((e: { action: string; target: string }) =>
      `${e.action} ${e.target}`
    );
    assert.deepEqual(actions.sort(), ["user.promote U1", "user.unlock S1"]);
    await assert.rejects(() => unlockAccount(api.kv, "NOBODY", api.clock.now), /no account/);
  } finally {
    api.close();
  }
});

Deno.test("reset-password gives a lost account a one-time password from the shell, once", async () => {
  const api = await testApi();
  try {
    await api.account("LOST", "super_admin");
    const { resetAccountPassword } = await import("./operator.ts");
    const said = await resetAccountPassword(api.kv, "lost", api.clock.now);
    const otp = said.match(/one-time password ([A-Za-z0-9]+) /)?.[1] ?? "";
    assert.match(otp, /^[A-HJ-NP-Za-km-z2-9]{14}$/);
    const login = signInFrom(api);
    assert.equal((await login("198.51.100.3", "LOST", PASSWORD)).status, 401);
    const first = await login("198.51.100.3", "LOST", otp);
    assert.equal(first.status, 200, first.message);
    assert.equal((await login("198.51.100.3", "LOST", otp)).status, 403);
    const token = await api.account("S9", "super_admin");
    const log = await api.call("GET", "/api/audit?actor=operator", undefined, token);
    assert.deepEqual(
      log.json.data.entries.map((e: { action: string; target: string }) =>
        `${e.action} ${e.target}`
      ),
      ["password.reset LOST"],
    );
  } finally {
    api.close();
  }
});

Deno.test("npm run kv -- unlock and promote work on the store KV_PATH names", async () => {
  const dir = await Deno.makeTempDir();
  // a file here; in the remote run, a database on the suite's KV Connect server
  const kvPath = testStorePath(`${dir}/p.kv`);
  try {
    const kv = await Deno.openKv(kvPath);
    await seed(kv, Date.now(), { adminCode: "ROOT", adminPassword: PASSWORD });
    kv.close();
    const run = (args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "api/kv/cli.ts", ...args],
        env: { KV_PATH: kvPath },
        stdout: "piped",
        stderr: "piped",
      }).output();
    const bad = await run(["promote", "NOBODY"]);
    assert.equal(bad.code, 1);
    assert.match(new TextDecoder().decode(bad.stderr), /no account NOBODY/);
    const ok = await run(["unlock", "root"]);
    assert.equal(ok.code, 0, new TextDecoder().decode(ok.stderr));
    assert.match(new TextDecoder().decode(ok.stdout), /ROOT unlocked/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
