import assert from "node:assert/strict";
import { isLocalFile, withOwnWriter } from "./own_writer.ts";
import { openRetryingKv } from "./retry.ts";

Deno.test("a store file read with gathered reads sees at once what its writer handle committed", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const kv = await openRetryingKv(`${dir}/store.kv`, { gatherReads: true });
    for (let i = 0; i < 20; i++) {
      const before = await kv.get(["n"]);
      const res = await kv.atomic().check(before).set(["n"], i).commit();
      assert.ok(res.ok);
      // a read begun after the commit returned, on the other handle
      const [after] = await kv.getMany([["n"]]);
      assert.equal(after.value, i);
      assert.equal(after.versionstamp, (res as Deno.KvCommitResult).versionstamp);
    }
    await kv.set(["plain"], 1);
    assert.equal((await kv.get(["plain"])).value, 1);
    kv.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writes go to the writer's handle, reads to the reader's, and close closes both", async () => {
  const reader = await Deno.openKv(":memory:");
  const writer = await Deno.openKv(":memory:");
  const kv = withOwnWriter(reader, writer);
  await kv.set(["a"], 1);
  await kv.atomic().set(["b"], 2).commit();
  assert.equal((await writer.get(["a"])).value, 1);
  assert.equal((await writer.get(["b"])).value, 2);
  // two in-memory stores are two stores: the reader's has none of it
  assert.equal((await kv.get(["a"])).value, null);
  kv.close();
  await assert.rejects(() => writer.get(["a"]));
  await assert.rejects(() => reader.get(["a"]));
});

Deno.test("only a file of this machine is a store a second handle shares", () => {
  assert.ok(isLocalFile("/data/portal.kv"));
  assert.ok(isLocalFile(".data/portal.kv"));
  for (const path of [undefined, "", ":memory:", "http://127.0.0.1:4512/load"]) {
    assert.equal(isLocalFile(path), false, String(path));
  }
});
