// The sign-in caches of the lists: each process sees another's sign-ins through the bucket
// stamps, also after a refresh whose reads failed part way.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { LastSignIns } from "./signin_cache.ts";
import { NO_SIGN_IN, stageSignIn } from "./signin_state.ts";
import { flakyKv } from "../test_support.ts";

/** Writes `code`'s sign-in state with its last sign-in at `at`, as a sign-in writes it. */
async function signedIn(kv: Deno.Kv, code: string, at: number) {
  const op = stageSignIn(kv.atomic(), code, { ...NO_SIGN_IN, lastLogin: at }, at);
  assert.equal((await op.commit()).ok, true);
}

Deno.test("a refresh whose read of the changed sign-ins fails leaves the next refresh to read them", async () => {
  const kv = await openTestKv();
  try {
    // the store as the cache sees it: its next read of a bucket's sign-in states fails once
    const flaky = flakyKv(kv, "list", (selector) => selector.prefix?.[0] === "signin");
    const last = new LastSignIns(flaky.kv);
    await signedIn(kv, "U1", 1_000);
    await last.refresh();
    assert.equal(last.lastLogin("U1"), 1_000);
    await signedIn(kv, "U1", 2_000);
    flaky.failNext();
    await assert.rejects(() => last.refresh(), /database is locked/);
    await last.refresh();
    assert.equal(last.lastLogin("U1"), 2_000);
  } finally {
    kv.close();
  }
});
