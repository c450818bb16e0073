// The KV Connect test server does what the portal's fault tests rely on: Deno's own remote client
// talks to it, the real engine's limits hold, and each fault does what it says.

import assert from "node:assert/strict";
import { storeHarness } from "./store_harness.ts";

Deno.test("the test server: Deno's client reads, writes and meets denokv's limits", async () => {
  const harness = await storeHarness({ own: true });
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const kv = await Deno.openKv(harness.newStoreUrl());
  const other = await Deno.openKv(harness.newStoreUrl());
  try {
    await kv.set(["a"], { n: 1 }, { expireIn: 60_000 });
    assert.deepEqual((await kv.get(["a"])).value, { n: 1 });
    // each URL is its own empty database
    assert.equal((await other.get(["a"])).versionstamp, null);
    const op = kv.atomic();
    for (let i = 0; i < 11; i++) op.check({ key: ["c", i], versionstamp: null });
    await assert.rejects(() => op.commit(), /TooManyChecks/);
  } finally {
    kv.close();
    other.close();
    await harness.stop();
  }
});

Deno.test("the test server: a lost answer makes the client send a committed write again", async () => {
  const harness = await storeHarness({ own: true });
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const kv = await Deno.openKv(harness.newStoreUrl());
  try {
    await harness.fault({ loseAnswers: 1 });
    const before = (await harness.counts()).writes;
    const result = await kv.atomic().check({ key: ["u"], versionstamp: null }).set(["u"], 1)
      .commit();
    // the write landed the first time; the re-sent one meets its own check
    assert.equal(result.ok, false);
    assert.equal((await kv.get(["u"])).value, 1);
    assert.equal((await harness.counts()).writes - before, 2);
  } finally {
    kv.close();
    await harness.stop();
  }
});

Deno.test("the test server: stalled and down calls wait, and go through once the fault ends", async () => {
  const harness = await storeHarness({ own: true });
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const kv = await Deno.openKv(harness.newStoreUrl());
  try {
    await kv.set(["k"], "v");
    const reads = (await harness.counts()).reads;
    await harness.fault({ stallMs: 60_000 });
    const stalled = kv.get(["k"]);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await harness.counts()).reads, reads, "the read is held");
    await harness.reset();
    assert.equal((await stalled).value, "v");

    await harness.fault({ down: true });
    const waiting = kv.get(["k"]);
    await new Promise((r) => setTimeout(r, 300));
    await harness.fault({ down: false });
    assert.equal((await waiting).value, "v");
  } finally {
    kv.close();
    await harness.stop();
  }
});
