// The user cache after writes: what it serves equals a fresh read of KV (created, changed and
// deleted users, in employee-code order), while reading only what changed.

import assert from "node:assert/strict";
import { keys, putUser, type UserRecord } from "./store.ts";
import { createUser, deleteUser } from "./user_store.ts";
import { UserCache } from "./user_cache.ts";
import { newUserRecord } from "./users.ts";

const user = (code: string, station = "CAI"): UserRecord =>
  newUserRecord(
    { employeeCode: code, firstName: code, lastName: "Cache", station, role: "user" },
    "hash",
    Date.parse("2026-11-22T08:00:00Z"),
    "test",
    { needsPasswordChange: false },
  );

async function fresh(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list<UserRecord>({ prefix: ["users"] })) {
    out.push(`${e.value.employeeCode}:${e.value.station}`);
  }
  return out;
}

Deno.test("the cache follows creates, changes and deletes, in code order, as KV has them", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    for (const code of ["C10", "C30", "C50"]) await createUser(kv, user(code));
    const cache = new UserCache(kv);
    const codes = async () =>
      (await cache.all()).map((u) => `${u.user.employeeCode}:${u.user.station}`);
    assert.deepEqual(await codes(), await fresh(kv));

    await createUser(kv, user("C20"));
    await createUser(kv, user("C60"));
    await createUser(kv, user("C05"));
    await putUser(kv.atomic(), user("C30", "LXR")).commit();
    const c50 = await kv.get<UserRecord>(keys.user("C50"));
    await deleteUser(kv, c50 as Deno.KvEntry<UserRecord>);
    assert.deepEqual(await codes(), await fresh(kv));
    assert.deepEqual(await codes(), ["C05:CAI", "C10:CAI", "C20:CAI", "C30:LXR", "C60:CAI"]);

    // unchanged version: the same array, no read
    const before = await cache.all();
    assert.equal(await cache.all(), before);
    await putUser(kv.atomic(), user("C10", "HRG")).commit();
    const after = await cache.all();
    assert.notEqual(after, before);
    assert.equal(before.find((u) => u.user.employeeCode === "C10")?.user.station, "CAI");
    assert.equal(after.find((u) => u.user.employeeCode === "C10")?.user.station, "HRG");
  } finally {
    kv.close();
  }
});

Deno.test("reads racing writes never lose a change, and a read sees every write before it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    for (let i = 0; i < 50; i++) await createUser(kv, user(`R${String(i).padStart(2, "0")}`));
    const cache = new UserCache(kv);
    await cache.all();
    const reads: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      await putUser(kv.atomic(), user(`R${String(i).padStart(2, "0")}`, `S${i}`)).commit();
      reads.push(cache.all());
      // a read after a write sees it
      const seen = (await cache.all()).find((u) =>
        u.user.employeeCode === `R${String(i).padStart(2, "0")}`
      );
      assert.equal(seen?.user.station, `S${i}`);
    }
    await Promise.all(reads);
    const codes = (await cache.all()).map((u) => `${u.user.employeeCode}:${u.user.station}`);
    assert.deepEqual(codes, await fresh(kv));
  } finally {
    kv.close();
  }
});
