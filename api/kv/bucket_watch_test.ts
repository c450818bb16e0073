// The bucket watch tells a process which buckets changed: every change committed before a call is
// in its answer, also after a call whose reads failed part way.

import { openTestKv } from "./connect/test_store.ts";
import assert from "node:assert/strict";
import { BucketWatch, stampBucket } from "./bucket_watch.ts";
import { flakyKv } from "../test_support.ts";

/** Writes of buckets, each stamped as a writer stamps it. */
async function stamp(kv: Deno.Kv, ...buckets: number[]) {
  const op = kv.atomic();
  for (const b of buckets) stampBucket(op, "things", b);
  assert.equal((await op.commit()).ok, true);
}

Deno.test("a watch answers every bucket the first time, then the buckets changed since", async () => {
  const kv = await openTestKv();
  try {
    await stamp(kv, 3, 700);
    const watch = new BucketWatch(kv, "things");
    assert.equal(await watch.changed(), "all");
    assert.deepEqual(await watch.changed(), []);
    // buckets of two groups, and one again
    await stamp(kv, 5, 40);
    await stamp(kv, 5);
    assert.deepEqual((await watch.changed() as number[]).sort((a, b) => a - b), [5, 40]);
    assert.deepEqual(await watch.changed(), []);
    const mark = watch.freshness(40);
    await stamp(kv, 41);
    await watch.changed();
    assert.equal(watch.freshness(40), mark, "a bucket's mark holds while another bucket changes");
    assert.notEqual(watch.freshness(41), mark);
  } finally {
    kv.close();
  }
});

Deno.test("a call whose reads fail part way leaves the next call to find the same changes", async () => {
  const kv = await openTestKv();
  try {
    await stamp(kv, 5, 40);
    // the store as the watch sees it: the next list of a group's bucket stamps fails once
    const flaky = flakyKv(kv, "list", (selector) => selector.prefix.includes("bucket"));
    const watch = new BucketWatch(flaky.kv, "things");
    assert.equal(await watch.changed(), "all");
    await stamp(kv, 5, 40);
    flaky.failNext();
    await assert.rejects(() => watch.changed(), /database is locked/);
    assert.deepEqual((await watch.changed() as number[]).sort((a, b) => a - b), [5, 40]);
  } finally {
    kv.close();
  }
});

Deno.test("a caller's read that fails leaves the next call to answer the same buckets", async () => {
  const kv = await openTestKv();
  try {
    await stamp(kv, 5);
    const watch = new BucketWatch(kv, "things");
    const failing = () => Promise.reject(new Error("database is locked"));
    await assert.rejects(() => watch.changed(failing), /database is locked/);
    assert.equal(await watch.changed(), "all", "the first look is made again");
    await stamp(kv, 5, 40);
    const read: (number[] | "all")[] = [];
    await assert.rejects(() => watch.changed(failing), /database is locked/);
    await watch.changed((changed) => Promise.resolve(void read.push(changed)));
    assert.deepEqual(read.map((c) => (c as number[]).sort((a, b) => a - b)), [[5, 40]]);
  } finally {
    kv.close();
  }
});

Deno.test("a look at the groups alone marks every bucket of a changed group, and no other", async () => {
  const kv = await openTestKv();
  try {
    await stamp(kv, 3);
    const watch = new BucketWatch(kv, "things");
    await watch.changedGroups();
    const before = [0, 31, 32, 700].map((b) => watch.freshness(b));
    await watch.changedGroups();
    assert.deepEqual([0, 31, 32, 700].map((b) => watch.freshness(b)), before);
    // bucket 5 is in the first group of 32: its neighbours count as changed with it
    await stamp(kv, 5);
    await watch.changedGroups();
    const after = [0, 31, 32, 700].map((b) => watch.freshness(b));
    assert.notEqual(after[0], before[0]);
    assert.notEqual(after[1], before[1]);
    assert.equal(after[2], before[2]);
    assert.equal(after[3], before[3]);
  } finally {
    kv.close();
  }
});

Deno.test("a look that changes nothing tells whether any bucket changed since the last look", async () => {
  const kv = await openTestKv();
  try {
    await stamp(kv, 3);
    const watch = new BucketWatch(kv, "things");
    assert.equal(await watch.unchanged(), false, "nothing is known before the first look");
    await watch.changed();
    assert.equal(await watch.unchanged(), true);
    await stamp(kv, 900);
    assert.equal(await watch.unchanged(), false);
    assert.equal(await watch.unchanged(), false, "it does not count as a look");
    assert.deepEqual(await watch.changed(), [900]);
    assert.equal(await watch.unchanged(), true);
  } finally {
    kv.close();
  }
});
