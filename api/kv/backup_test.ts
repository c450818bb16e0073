// A backup taken with `npm run kv -- export` restores with `npm run kv -- import` into an empty
// store, and every user can sign in there.

import { openTestKv } from "./connect/test_store.ts";
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { exportKv, importKv } from "./backup.ts";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("export and import give back every entry; users sign in on the restored store", async () => {
  const t = await testApi();
  const admin = await t.account("BKADMIN", "super_admin");
  for (const code of ["BK1", "BK2", "BK3"]) {
    const made = await t.call("POST", "/api/users", {
      employeeCode: code,
      firstName: "Back",
      lastName: "Up",
      station: "CAI",
      password: PASSWORD,
    }, admin);
    assert.equal(made.status, 201);
  }
  await t.kv.set(["odd", 1n], { bytes: new Uint8Array([1, 2]), when: new Date(0), n: 5n });

  const lines: string[] = [];
  const exported = await exportKv(t.kv, (line) => void lines.push(line));
  const restored = await openTestKv();
  // restored at the test clock's time: its sessions are not yet past their expiry
  const imported = await importKv(restored, lines.join("").split("\n"), { now: t.clock.now });
  assert.equal(imported, exported);

  const before = [];
  for await (const e of t.kv.list({ prefix: [] })) before.push([e.key, e.value]);
  const after = [];
  for await (const e of restored.list({ prefix: [] })) after.push([e.key, e.value]);
  assert.deepEqual(after, before);

  const app = createApp({ kv: restored, now: () => t.clock.now, secureCookies: false });
  for (const code of ["BK1", "BK2", "BK3"]) {
    const res = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ employeeCode: code, password: PASSWORD }),
    });
    assert.equal(res.status, 200, code);
  }
  await assert.rejects(() => importKv(restored, lines), /not empty/);
  restored.close();
  t.close();
});

Deno.test("the kv command round-trips a store file through a backup file", async () => {
  const dir = await Deno.makeTempDir();
  const source = await Deno.openKv(`${dir}/a.kv`);
  await source.set(["users", "X1"], { employeeCode: "X1", n: 1 });
  await source.set(["meta", "seeded"], true);
  source.close();
  const run = (args: string[], kvPath: string) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-write", "--allow-env", "api/kv/cli.ts", ...args],
      env: { KV_PATH: kvPath },
      stdout: "null",
      stderr: "piped",
    }).output();
  const out = await run(["export", `${dir}/backup.jsonl`], `${dir}/a.kv`);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const back = await run(["import", `${dir}/backup.jsonl`], `${dir}/b.kv`);
  assert.equal(back.code, 0, new TextDecoder().decode(back.stderr));
  const again = await run(["import", `${dir}/backup.jsonl`], `${dir}/b.kv`);
  assert.equal(again.code, 1);
  const target = await Deno.openKv(`${dir}/b.kv`);
  assert.deepEqual((await target.get(["users", "X1"])).value, { employeeCode: "X1", n: 1 });
  assert.equal((await target.get(["meta", "seeded"])).value, true);
  target.close();
  await Deno.remove(dir, { recursive: true });
});
