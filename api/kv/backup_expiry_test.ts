// Backups that keep expiry and are one moment (issue 49 finding 7): a restored session, lock
// or audit entry expires when the original would have, one already past it is not restored, a
// restore passes a denokv server's 800 KiB per write, and a file store's export is one moment.

import assert from "node:assert/strict";
import { exportKv, exportStore, importKv } from "./backup.ts";
import { engineAvailable, storeHarness } from "./connect/store_harness.ts";
import { openTestKv } from "./connect/test_store.ts";
import { keys } from "../store/keys.ts";
import type { SessionRecord } from "../store/records.ts";
import { testApi } from "../test_support.ts";

/** `kv`, with the expiry (expireIn, undefined: none) of every set it is asked to write. */
function recording(kv: Deno.Kv) {
  const expiries = new Map<string, number | undefined>();
  const note = (key: Deno.KvKey, expireIn?: number) => expiries.set(JSON.stringify(key), expireIn);
  const store = new Proxy(kv, {
    get(target, prop) {
      if (prop !== "atomic") {
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return () => {
        const op = target.atomic();
        const set = op.set.bind(op);
        const mutate = op.mutate.bind(op);
        op.set = (key, value, options) => (note(key, options?.expireIn), set(key, value, options));
        op.mutate = (...ms) => {
          for (const m of ms) if (m.type === "set") note(m.key, m.expireIn);
          return mutate(...ms);
        };
        return op;
      };
    },
  });
  return { kv: store, expiryOf: (key: Deno.KvKey) => expiries.get(JSON.stringify(key)) };
}

Deno.test("a backup keeps every expiry; what expired before the restore is not restored", async () => {
  const t = await testApi();
  try {
    await t.account("EXP1", "user");
    for (let i = 0; i < 20; i++) {
      const res = await t.call("POST", "/api/auth/login", {
        employeeCode: "EXP1",
        password: "Wrong-password-9",
      });
      if (res.status === 423) break;
    }
    const lockedUntil = (await t.kv.get<number>(keys.lockedAccount("EXP1"))).value!;
    assert.ok(lockedUntil > t.clock.now, "the account is locked");

    const text: string[] = [];
    await exportKv(t.kv, (line) => void text.push(line));
    const lines = text.join("").trim().split("\n").map((l) => JSON.parse(l));
    const lineOf = (key: Deno.KvKey) =>
      lines.find((l) => JSON.stringify(l.key) === JSON.stringify(key));
    // the lock's line carries its end, each session's its own, each audit entry its own
    assert.equal(lineOf(keys.lockedAccount("EXP1")).expiresAt, lockedUntil);
    const sessions = lines.filter((l) => l.value?.employeeCode === "EXP1" && l.value?.epoch);
    assert.ok(sessions.length > 0);
    for (const s of sessions) assert.equal(s.expiresAt, s.value.expiresAt);
    const audits = lines.filter((l) => String(l.key[0]).startsWith("audit"));
    assert.ok(audits.length > 0);
    for (const a of audits) assert.equal(typeof a.expiresAt, "number", JSON.stringify(a));

    // restored after the lock ended, before the session's end
    const now = lockedUntil + 1;
    const target = recording(await openTestKv());
    await importKv(target.kv, text.join("").split("\n"), { now });
    assert.equal((await target.kv.get(keys.lockedAccount("EXP1"))).value, null);
    for (const s of sessions) {
      const restored = (await target.kv.get<SessionRecord>(s.key)).value!;
      assert.ok(restored.expiresAt > now);
      assert.equal(restored.expiresAt, s.value.expiresAt);
      assert.equal(target.expiryOf(s.key), s.expiresAt - now);
    }
    for (const a of audits) assert.equal(target.expiryOf(a.key), a.expiresAt - now);
    // what never expires is restored without an expiry
    assert.equal(target.expiryOf(keys.user("EXP1")), undefined);
    assert.notEqual((await target.kv.get(keys.user("EXP1"))).value, null);
    target.kv.close();
  } finally {
    t.close();
  }
});

Deno.test({
  name: "a restore of more than 800 KiB lands on a denokv server, in writes it accepts",
  ignore: !engineAvailable(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const store = await storeHarness();
    Deno.env.set("DENO_KV_ACCESS_TOKEN", store.token);
    const kv = await Deno.openKv(store.newStoreUrl());
    try {
      // 100 entries of 10 KB: about 1,000 KB, one batch of the old restore
      const lines = Array.from(
        { length: 100 },
        (_, i) => JSON.stringify({ key: ["blob", i], value: `${i}:${"x".repeat(10_000)}` }),
      );
      assert.equal(await importKv(kv, lines), 100);
      let n = 0;
      for await (const e of kv.list<string>({ prefix: ["blob"] })) {
        assert.ok(e.value.startsWith(`${String(e.key[1])}:`));
        n++;
      }
      assert.equal(n, 100);
    } finally {
      kv.close();
      await store.stop();
    }
  },
});

Deno.test("a file store's export is one moment: a write made while it runs is not in it", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/live.kv`;
  const kv = await Deno.openKv(path);
  try {
    // several pages of a list, so that a live read would reach keys written after it began
    for (let start = 0; start < 1_500; start += 500) {
      const op = kv.atomic();
      for (let i = start; i < start + 500; i++) op.set(["entry", i], { i });
      await op.commit();
    }
    const lines: string[] = [];
    let wrote = false;
    const count = await exportStore(path, kv, async (line) => {
      lines.push(line);
      if (!wrote) {
        wrote = true;
        await kv.set(["later"], "written after the export began");
      }
    });
    assert.equal(count, 1_500);
    assert.equal(lines.filter((l) => l.includes("later")).length, 0);
    assert.equal((await kv.get(["later"])).value, "written after the export began");
    // the snapshot is gone once read
    const left = [];
    for await (const f of Deno.readDir(dir)) left.push(f.name);
    assert.deepEqual(left.filter((n) => !n.startsWith("live.kv")), []);
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
});
