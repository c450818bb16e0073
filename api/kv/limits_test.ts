// The limits helper packs write groups so that a denokv server takes every batch: on the KV
// Connect test server (the real engine) a 200-group write that one atomic operation could not
// hold lands whole, and a group no write can hold is refused before anything is sent.

import assert from "node:assert/strict";
import { openTestKv } from "./connect/test_store.ts";
import { storeHarness } from "./connect/store_harness.ts";
import { commitGroups, GroupStaging, KV_LIMITS, packGroups, WriteGroup } from "./limits.ts";

/** A user-like group: 3 checks, 3 sets. */
function userGroup(i: number): WriteGroup {
  const g = new WriteGroup();
  for (const k of ["user", "email", "phone"]) {
    g.check({ key: [k, i], versionstamp: null }).set([k, i], { i, pad: "x".repeat(200) });
  }
  return g;
}

Deno.test("packGroups: no batch passes 10 checks, 1,000 mutations or the byte budget", () => {
  const groups = Array.from({ length: 200 }, (_, i) => userGroup(i));
  const batches = packGroups(groups);
  assert.equal(batches.flat().length, 200);
  for (const batch of batches) {
    assert.ok(batch.reduce((n, g) => n + g.checks.length, 0) <= KV_LIMITS.checks);
    assert.ok(batch.reduce((n, g) => n + g.mutations.length, 0) <= KV_LIMITS.mutations);
    assert.ok(batch.reduce((n, g) => n + g.bytes, 0) <= KV_LIMITS.writeBytes);
  }
  const big = Array.from(
    { length: 30 },
    (_, i) => new WriteGroup().set(["big", i], "y".repeat(60_000)),
  );
  for (const batch of packGroups(big)) {
    assert.ok(batch.reduce((n, g) => n + g.bytes, 0) <= KV_LIMITS.writeBytes);
  }
});

Deno.test("packGroups: a group over one write's limits is refused before anything is written", () => {
  const group = new WriteGroup();
  for (let i = 0; i < 11; i++) group.check({ key: ["c", i], versionstamp: null });
  assert.throws(() => packGroups([group]), /11 checks/);
  assert.throws(() => packGroups([new WriteGroup().set(["v"], "z".repeat(70_000))]), /64 KiB/);
});

Deno.test("commitGroups: 200 three-check groups land on the real denokv engine", async () => {
  const harness = await storeHarness();
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const kv = await Deno.openKv(harness.newStoreUrl());
  try {
    // one atomic write of 20 of them is what the engine refuses (the client itself stops at 100)
    const whole = kv.atomic();
    for (let i = 0; i < 20; i++) userGroup(i).applyTo(whole);
    await assert.rejects(() => whole.commit(), /TooManyChecks/);
    const result = await commitGroups(kv, Array.from({ length: 200 }, (_, i) => userGroup(i)));
    assert.deepEqual(result, { ok: true, committed: 200 });
    assert.equal((await kv.get<{ i: number }>(["phone", 199])).value?.i, 199);
  } finally {
    kv.close();
    await harness.stop();
  }
});

Deno.test("commitGroups: a failed check stops at its batch and says how many groups landed", async () => {
  const kv = await openTestKv();
  await kv.set(["user", 7], "taken");
  const result = await commitGroups(kv, Array.from({ length: 20 }, (_, i) => userGroup(i)));
  assert.equal(result.ok, false);
  // 3 groups per batch (9 checks): groups 0-5 landed, the batch holding 7 did not
  assert.equal(result.committed, 6);
  assert.equal((await kv.get(["email", 5])).versionstamp !== null, true);
  assert.equal((await kv.get(["email", 6])).versionstamp, null);
  kv.close();
});

Deno.test("WriteGroup: a key set again replaces its earlier set, after a delete it does not", async () => {
  const g = new WriteGroup().set(["b", 1], "x".repeat(1000)).set(["b", 1], "y").set(["c"], 1);
  assert.equal(g.mutations.length, 2);
  assert.ok(g.bytes < 100, `${g.bytes} bytes`);
  g.delete(["c"]).set(["c"], 2);
  assert.deepEqual(g.mutations.map((m) => m.type), ["set", "set", "delete", "set"]);
  const kv = await openTestKv();
  try {
    await kv.set(["c"], 0);
    assert.ok((await commitGroups(kv, [g])).ok);
    assert.equal((await kv.get(["b", 1])).value, "y");
    assert.equal((await kv.get(["c"])).value, 2);
  } finally {
    kv.close();
  }
});

Deno.test("GroupStaging: what a staging function adds lands in the group it records into", () => {
  const staging = new GroupStaging();
  const first = staging.group;
  staging.check({ key: ["u", 1], versionstamp: null }).set(["u", 1], 1).sum(["n"], 1n);
  staging.group = new WriteGroup();
  staging.mutate({ type: "delete", key: ["u", 2] });
  assert.equal(first.checks.length, 1);
  assert.deepEqual(first.mutations.map((m) => m.type), ["set", "sum"]);
  assert.deepEqual(staging.group.mutations.map((m) => m.key), [["u", 2]]);
  assert.throws(() => staging.commit(), /commitGroups/);
});
