// The user list's compact index: every write keeps it, each process sees another's writes through
// the bucket stamps (versionstamps, no clocks), racing writes to one bucket all land, and a store
// from before the index is indexed once.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { hashPassword } from "../auth/auth.ts";
import { bucketOf } from "../auth/signin_state.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { buildIndex, UserIndex } from "./index_buckets.ts";
import { writeUsers } from "./batch.ts";
import { auditAt } from "../store/audit.ts";
import { createUser, deleteUser, updateUser } from "./store.ts";
import { newUserRecord } from "./users.ts";
import { flakyKv } from "../test_support.ts";

const hash = hashPassword("Index-pass-1");
const user = async (code: string, extra: Partial<UserRecord> = {}): Promise<UserRecord> => ({
  ...newUserRecord(
    { employeeCode: code, firstName: code, lastName: "Test", station: "CAI" },
    await hash,
    Date.parse("2026-11-22T08:00:00Z"),
    "test",
    { needsPasswordChange: false },
  ),
  ...extra,
});

const codesOf = (index: UserIndex) => index.by("employeeCode").map((r) => r.code);

Deno.test("another process's index sees creates, edits and deletes as soon as they are written", async () => {
  const kv = await openTestKv();
  try {
    const a = new UserIndex(kv);
    const b = new UserIndex(kv);
    await a.refresh();
    assert.deepEqual(codesOf(a), []);
    for (const code of ["U3", "U1", "U2"]) assert.ok((await createUser(kv, await user(code))).ok);
    await b.refresh();
    assert.deepEqual(codesOf(b), ["U1", "U2", "U3"]);
    const before = await kv.get<UserRecord>(keys.user("U2"));
    const edited = { ...before.value!, fullName: "Zeina Adel", station: "LXR", isActive: false };
    assert.ok((await updateUser(kv, before as Deno.KvEntry<UserRecord>, edited)).ok);
    const gone = await kv.get<UserRecord>(keys.user("U3"));
    assert.ok((await deleteUser(kv, gone as Deno.KvEntry<UserRecord>)).ok);
    await a.refresh();
    assert.deepEqual(codesOf(a), ["U1", "U2"]);
    const u2 = a.rows().find((r) => r.code === "U2")!;
    assert.deepEqual([u2.name, u2.station, u2.active], ["Zeina Adel", "LXR", false]);
    assert.ok(u2.search.includes("zeina"));
    // a write that changes no listed field leaves the bucket alone
    const again = await kv.get<UserRecord>(keys.user("U1"));
    const stamp = (await kv.get(keys.userIndex(bucketOf("U1")))).versionstamp;
    await updateUser(kv, again as Deno.KvEntry<UserRecord>, { ...again.value!, department: "Ops" });
    assert.equal((await kv.get(keys.userIndex(bucketOf("U1")))).versionstamp, stamp);
  } finally {
    kv.close();
  }
});

Deno.test("a batch (an import) of several users of one bucket lists every one of them", async () => {
  const kv = await openTestKv();
  try {
    const codes: string[] = [];
    for (let i = 0; codes.length < 5; i++) if (bucketOf(`B${i}`) === 7) codes.push(`B${i}`);
    const items = await Promise.all(
      codes.map(async (code) => ({ before: null, after: await user(code), summary: "created" })),
    );
    const res = await writeUsers(kv, items, {
      at: auditAt(Date.now(), {}),
      actor: "T",
      action: "user.import",
    });
    assert.ok(res.ok);
    const index = new UserIndex(kv);
    await index.refresh();
    assert.deepEqual(codesOf(index), [...codes].sort());
  } finally {
    kv.close();
  }
});

Deno.test("30 racing creates and edits of users of one index bucket all land, and the index agrees", async () => {
  const kv = await openTestKv();
  try {
    // codes that all fall in the same bucket: every write races every other for it
    const codes: string[] = [];
    for (let i = 0; codes.length < 30; i++) {
      if (bucketOf(`R${i}`) === bucketOf("R0")) codes.push(`R${i}`);
    }
    const made = await Promise.all(codes.map(async (code) => createUser(kv, await user(code))));
    assert.ok(made.every((r) => r.ok));
    const edits = await Promise.all(codes.map(async (code) => {
      for (;;) {
        const e = await kv.get<UserRecord>(keys.user(code));
        const r = await updateUser(kv, e as Deno.KvEntry<UserRecord>, {
          ...e.value!,
          station: "ASW",
        });
        if (r.ok) return r;
      }
    }));
    assert.ok(edits.every((r) => r.ok));
    const index = new UserIndex(kv);
    await index.refresh();
    assert.equal(index.rows().length, 30);
    assert.ok(index.rows().every((r) => r.station === "ASW"));
  } finally {
    kv.close();
  }
});

Deno.test("a store written before the index is indexed once at start", async () => {
  const kv = await openTestKv();
  try {
    for (const code of ["OLD1", "OLD2"]) await kv.set(keys.user(code), await user(code));
    await buildIndex(kv);
    await buildIndex(kv);
    const index = new UserIndex(kv);
    await index.refresh();
    assert.deepEqual(codesOf(index), ["OLD1", "OLD2"]);
  } finally {
    kv.close();
  }
});

Deno.test("sorted lists kept up to date after writes agree with sorting every user again", async () => {
  const kv = await openTestKv();
  try {
    const a = new UserIndex(kv);
    const names = ["Zeina", "Adel", "Mona", "", "Omar", "Laila", "Adel"];
    for (let i = 0; i < 60; i++) {
      const extra = { fullName: names[i % names.length], station: ["CAI", "LXR", ""][i % 3] };
      assert.ok((await createUser(kv, await user(`S${i}`, extra))).ok);
    }
    await a.refresh();
    const sorts = ["fullName", "station", "passwordExpiry", "employeeCode"] as const;
    for (const key of sorts) a.by(key); // made once, then kept by each refresh
    for (let i = 0; i < 60; i += 7) {
      const entry = await kv.get<UserRecord>(keys.user(`S${i}`));
      const changed = { ...entry.value!, fullName: `Renamed ${60 - i}`, station: "ASW" };
      assert.ok((await updateUser(kv, entry as Deno.KvEntry<UserRecord>, changed)).ok);
    }
    const gone = await kv.get<UserRecord>(keys.user("S5"));
    assert.ok((await deleteUser(kv, gone as Deno.KvEntry<UserRecord>)).ok);
    assert.ok((await createUser(kv, await user("S99", { fullName: "Badr" }))).ok);
    await a.refresh();
    const fresh = new UserIndex(kv);
    await fresh.refresh();
    for (const key of sorts) {
      assert.deepEqual(a.by(key).map((r) => r.code), fresh.by(key).map((r) => r.code), key);
    }
    assert.equal(a.rows().length, 60);
  } finally {
    kv.close();
  }
});

Deno.test("a refresh whose read of the changed buckets fails leaves the next refresh to read them", async () => {
  const kv = await openTestKv();
  try {
    // the store as the index sees it: its next read of index buckets fails once
    const flaky = flakyKv(kv, "getMany");
    const index = new UserIndex(flaky.kv);
    assert.ok((await createUser(kv, await user("U1"))).ok);
    await index.refresh();
    const before = await kv.get<UserRecord>(keys.user("U1"));
    const edited = { ...before.value!, fullName: "Zeina Adel" };
    assert.ok((await updateUser(kv, before as Deno.KvEntry<UserRecord>, edited)).ok);
    flaky.failNext();
    await assert.rejects(() => index.refresh(), /database is locked/);
    await index.refresh();
    assert.equal(index.rows().find((r) => r.code === "U1")?.name, "Zeina Adel");
  } finally {
    kv.close();
  }
});
