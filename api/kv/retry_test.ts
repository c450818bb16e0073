// Transient store errors are retried before a request sees them; other errors are not.

import { openTestKv } from "./connect/test_store.ts";
import assert from "node:assert/strict";
import { retryingKv, withRetry } from "./retry.ts";

const FAST = { attempts: 5, firstDelayMs: 1, maxDelayMs: 2 };

Deno.test("a commit that meets a locked database is sent again, with its checks, and lands", async () => {
  const kv = await openTestKv();
  try {
    const store = retryingKv(kv, FAST);
    let locked = 2;
    // the store's own commit, failing twice as a second process holding the file would make it
    const proto = Object.getPrototypeOf(kv.atomic());
    const real = proto.commit as () => Promise<Deno.KvCommitResult>;
    proto.commit = function (this: Deno.AtomicOperation) {
      return locked-- > 0 ? Promise.reject(new TypeError("database is locked")) : real.call(this);
    };
    try {
      const op = store.atomic().check({ key: ["k"], versionstamp: null }).set(["k"], 1);
      assert.equal((await op.commit()).ok, true);
      assert.equal(locked, -1);
      assert.equal((await kv.get(["k"])).value, 1);
      // the same operation sent again meets its check, which fails as checks do: no error
      assert.equal((await op.commit()).ok, false);
    } finally {
      proto.commit = real;
    }
  } finally {
    kv.close();
  }
});

Deno.test("errors that are not transient go on at once, and transient ones after the last try", async () => {
  let calls = 0;
  await assert.rejects(
    withRetry(() => {
      calls++;
      return Promise.reject(new TypeError("Key too large for write"));
    }, FAST),
    /Key too large/,
  );
  assert.equal(calls, 1);
  calls = 0;
  await assert.rejects(
    withRetry(() => {
      calls++;
      return Promise.reject(new TypeError("database is locked"));
    }, FAST),
    /database is locked/,
  );
  assert.equal(calls, FAST.attempts);
});
