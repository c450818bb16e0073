// Concurrent reads go to the store together: fewer calls, each caller's keys still in one
// snapshot, a commit seen by the reads asked after it, reads gathered while the store is busy,
// and a bad key failing only its caller.

import { openTestKv } from "./connect/test_store.ts";
import assert from "node:assert/strict";
import { batchedReads } from "./batched_reads.ts";
import { tripCounter } from "./trip_counter.ts";

type Read = () => Promise<Deno.KvEntryMaybe<unknown>[]>;

/** `kv` that counts the getMany calls the store receives, and how many keys each held; `answer`
 * says when a read is made (at once unless told otherwise). */
function counted(kv: Deno.Kv, answer = (read: Read) => read()) {
  const calls: number[] = [];
  const proxy = new Proxy(kv, {
    get(target, prop) {
      if (prop === "getMany") {
        return (keys: Deno.KvKey[]) => {
          calls.push(keys.length);
          return answer(() => target.getMany(keys));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: proxy, calls };
}

Deno.test("reads made together go to the store in calls of up to ten keys, each answered its own", async () => {
  const raw = await openTestKv();
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
    // 23 keys in 22 reads, two of them asked twice (n3, n4), so 21 to read: three calls, none
    // over ten keys, a caller's two keys never split
    assert.deepEqual(calls, [10, 10, 1]);
  } finally {
    raw.close();
  }
});

Deno.test("a caller's keys stay in one call, and a read asked after a commit sees it", async () => {
  const raw = await openTestKv();
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
  const raw = await openTestKv();
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

/** A turn of the event loop: the reads asked before it have been sent or put to wait. */
const turn = () => new Promise((r) => setTimeout(r, 0));

Deno.test("while four reads are with the store, the next wait and go together when one comes back", async () => {
  const raw = await openTestKv();
  try {
    for (let i = 0; i < 10; i++) await raw.set(["n", i], i);
    const held: (() => void)[] = [];
    // a store that answers only when told to, as a busy one does
    const { kv: slow, calls } = counted(
      raw,
      (read) => new Promise((r) => held.push(() => r(read()))),
    );
    const kv = batchedReads(slow);
    const reads: Promise<Deno.KvEntryMaybe<unknown>>[] = [];
    // a lone read is sent in the turn that asked it
    for (let i = 0; i < 4; i++) {
      reads.push(kv.get(["n", i]));
      await turn();
      assert.deepEqual(calls, Array(i + 1).fill(1));
    }
    for (let i = 4; i < 10; i++) {
      reads.push(kv.get(["n", i]));
      await turn();
    }
    assert.deepEqual(calls, [1, 1, 1, 1]);
    held[0]();
    assert.equal((await reads[0]).value, 0);
    await turn();
    assert.deepEqual(calls, [1, 1, 1, 1, 6]);
    for (const answer of held.slice(1)) answer();
    const values = (await Promise.all(reads)).map((e) => e.value);
    assert.deepEqual(values, Array.from({ length: 10 }, (_, i) => i));
  } finally {
    raw.close();
  }
});

Deno.test("a key several callers ask is read once in their call, each caller answered in its own order", async () => {
  const raw = await openTestKv();
  try {
    await raw.set(["settings"], "s");
    await raw.set(["epoch"], 7);
    for (let i = 0; i < 8; i++) await raw.set(["session", i], `t${i}`);
    const { kv: inner, calls } = counted(raw);
    const kv = batchedReads(inner);
    // eight session checks, each reading its session with the two keys every check reads
    const answers = await Promise.all(
      Array.from(
        { length: 8 },
        (_, i) =>
          kv.getMany([["session", i], ["settings"], ["epoch"]]).then((es) =>
            es.map((e) => e.value)
          ),
      ),
    );
    assert.deepEqual(answers, Array.from({ length: 8 }, (_, i) => [`t${i}`, "s", 7]));
    // 24 keys asked, 10 to read in the first call (8 sessions and the two shared), none left
    assert.deepEqual(calls, [10]);
  } finally {
    raw.close();
  }
});

Deno.test("with no window, a read asked while others are with the store goes at once", async () => {
  const kv = await openTestKv();
  try {
    await kv.set(["k"], 1);
    // a store across a network: each call a round trip (kv/trip_counter.ts holds it a while)
    const counter = tripCounter(kv, 20);
    const reads = async (store: Deno.Kv) => {
      const asked = [];
      for (let i = 0; i < 6; i++) {
        asked.push(store.get(["k"]).then((e) => e.value));
        // a turn of its own: the reads before it have gone to the store, and are out
        await new Promise((r) => queueMicrotask(() => queueMicrotask(() => r(null))));
      }
      return await Promise.all(asked);
    };
    assert.deepEqual(await reads(batchedReads(counter.kv, { window: Infinity })), [
      1,
      1,
      1,
      1,
      1,
      1,
    ]);
    assert.equal(counter.depth(), 1);
    // the local store's window of four holds the fifth and sixth until one comes back
    counter.reset();
    assert.deepEqual(await reads(batchedReads(counter.kv)), [1, 1, 1, 1, 1, 1]);
    assert.equal(counter.depth(), 2);
  } finally {
    kv.close();
  }
});
