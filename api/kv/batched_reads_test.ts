// Concurrent reads go to the store together: fewer calls, each caller's keys still in one
// snapshot, a commit seen by the reads asked after it, and a bad key failing only its caller.

import assert from "node:assert/strict";
import { batchedReads } from "./batched_reads.ts";

/** `kv` that counts the getMany calls the store receives, and how many keys each held. */
function counted(kv: Deno.Kv) {
  const calls: number[] = [];
  const proxy = new Proxy(kv, {
    get(target, prop) {
      if (prop === "getMany") {
        return (keys: Deno.KvKey[]) => {
          calls.push(keys.length);
          return target.getMany(keys);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: proxy, calls };
}

Deno.test("reads made together go to the store in calls of up to ten keys, each answered its own", async () => {
  const raw = await Deno.openKv(":memory:");
  try {
    for (let i = 0; i < 25; i++) await raw.set(["n", i], i * 10);
    const { kv: inner, calls } = counted(raw);
    const kv = batchedReads(inner);
    const [single, pair, ...rest] = await Promise.all([
      kv.get<number>(["n", 3]),
      kv.getMany<[number, number]>([["n", 4], ["n", 99]]),
      ...Array.from({ length: 20 }, (_, i) => kv.get<number>(["n", i])),
    ]);
    assert.equal(single.value, 30);
    assert.deepEqual(pair.map((e) => e.value), [40, null]);
    assert.deepEqual(rest.map((e) => (e as Deno.KvEntryMaybe<number>).value), [
      ...Array.from({ length: 20 }, (_, i) => i * 10),
    ]);
    assert.equal(single.versionstamp, (await raw.get(["n", 3])).versionstamp);
    // 23 keys in 22 reads: three calls, none over ten keys, a caller's two keys never split
    assert.deepEqual(calls, [10, 10, 3]);
  } finally {
    raw.close();
  }
});

Deno.test("a caller's keys stay in one call, and a read asked after a commit sees it", async () => {
  const raw = await Deno.openKv(":memory:");
  try {
    const { kv: inner, calls } = counted(raw);
    const kv = batchedReads(inner);
    const six = (tag: string) => Array.from({ length: 6 }, (_, i) => [tag, i] as Deno.KvKey);
    await Promise.all([kv.getMany(six("a")), kv.getMany(six("b"))]);
    assert.deepEqual(calls, [6, 6]);
    // each read's snapshot is taken after it was asked: one asked after a commit sees it
    for (const value of ["first", "second", "third"]) {
      await kv.set(["k"], value);
      const [read, again] = await Promise.all([kv.get(["k"]), kv.getMany([["k"], ["none"]])]);
      assert.equal(read.value, value);
      assert.equal(again[0].value, value);
    }
  } finally {
    raw.close();
  }
});

Deno.test("a bad key fails its own caller only", async () => {
  const raw = await Deno.openKv(":memory:");
  try {
    await raw.set(["ok"], 1);
    const kv = batchedReads(raw);
    const tooLong = ["x".repeat(5000)];
    const [good, bad, other] = await Promise.allSettled([
      kv.get(["ok"]),
      kv.get(tooLong),
      kv.getMany([["ok"], ["missing"]]),
    ]);
    assert.equal(good.status, "fulfilled");
    assert.equal((good as PromiseFulfilledResult<Deno.KvEntryMaybe<number>>).value.value, 1);
    assert.equal(bad.status, "rejected");
    assert.equal(other.status, "fulfilled");
  } finally {
    raw.close();
  }
});
