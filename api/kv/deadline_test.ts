// The store deadline (kv/deadline.ts) on a stand-in store whose calls hang or fail on demand:
// a hanging read, list page or commit gives StoreUnavailable; a request's time spent off the
// store does not count; the transient errors beneath are still retried.

import assert from "node:assert/strict";
import { deadlineKv, withStoreBudget } from "./deadline.ts";
import { StoreUnavailable } from "./store_unavailable.ts";
import { retryingKv } from "./retry.ts";

const never = new Promise<never>(() => {});

/** A stand-in store: `hang` makes every call wait forever, `locked` fails the next n calls. */
function standIn() {
  const state = { hang: false, locked: 0 };
  const answer = <T>(value: T): Promise<T> => {
    if (state.hang) return never;
    if (state.locked > 0) {
      state.locked--;
      return Promise.reject(new Error("database is locked"));
    }
    return Promise.resolve(value);
  };
  const kv = {
    get: (key: Deno.KvKey) => answer({ key, value: "v", versionstamp: "1" }),
    getMany: (keys: Deno.KvKey[]) => answer(keys.map((key) => ({ key, value: null }))),
    list: () => ({
      cursor: "",
      next: () => answer({ done: true, value: undefined }),
      [Symbol.asyncIterator]() {
        return this;
      },
    }),
    atomic: () => ({ commit: () => answer({ ok: true, versionstamp: "2" }) }),
  } as unknown as Deno.Kv;
  return { state, kv };
}

Deno.test("a read, a list page and a commit that hang give StoreUnavailable", async () => {
  const { state, kv } = standIn();
  const store = deadlineKv(kv, 50);
  assert.equal((await store.get(["a"])).value, "v");
  state.hang = true;
  await assert.rejects(store.get(["a"]), StoreUnavailable);
  await assert.rejects(store.getMany([["a"]]), StoreUnavailable);
  await assert.rejects(store.atomic().commit(), StoreUnavailable);
  await assert.rejects(async () => {
    for await (const _ of store.list({ prefix: ["a"] })) { /* none */ }
  }, StoreUnavailable);
});

Deno.test("a request's time off the store does not spend its budget; time on it does", async () => {
  const { state, kv } = standIn();
  const store = deadlineKv(kv, 10_000);
  await withStoreBudget(100, async () => {
    // a slow body or a queued hash: not the store's time
    await new Promise((r) => setTimeout(r, 150));
    assert.equal((await store.get(["a"])).value, "v");
    state.hang = true;
    await assert.rejects(store.get(["a"]), StoreUnavailable);
    // the budget is spent: the next call of the request fails without waiting
    state.hang = false;
    await assert.rejects(store.get(["a"]), StoreUnavailable);
  });
  // another request has its own
  assert.equal(await withStoreBudget(100, async () => (await store.get(["a"])).value), "v");
});

Deno.test("the transient errors of the store beneath are still retried", async () => {
  const { state, kv } = standIn();
  const store = deadlineKv(retryingKv(kv), 5_000);
  state.locked = 3;
  assert.equal((await store.get(["a"])).value, "v");
  state.locked = 3;
  assert.equal((await store.atomic().commit()).ok, true);
});
