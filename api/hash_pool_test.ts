// The hash pool: hashes made in worker threads verify, and the queue is bounded.

import assert from "node:assert/strict";
import { HashPool, HashPoolBusy } from "./hash_pool.ts";

const CHEAP = { parallelism: 1, iterations: 1, memorySize: 1024, hashLength: 32 };

Deno.test("hashes made by the workers verify, and a wrong password does not", async () => {
  const pool = new HashPool({ workers: 2, maxQueue: 8 });
  try {
    const hash = await pool.hash("Right-pass-1", CHEAP);
    assert.match(hash, /^\$argon2id\$/);
    assert.equal(await pool.verify("Right-pass-1", hash), true);
    assert.equal(await pool.verify("wrong", hash), false);
    assert.equal(await pool.verify("x", "not a hash"), false);
  } finally {
    pool.close();
  }
});

Deno.test("beyond the queue a job is refused at once as busy, and the others still finish", async () => {
  const pool = new HashPool({ workers: 1, maxQueue: 2 });
  try {
    const jobs = Array.from({ length: 6 }, (_, i) => pool.hash(`p${i}`, CHEAP));
    const settled = await Promise.allSettled(jobs);
    const refused = settled.filter((s) => s.status === "rejected");
    assert.ok(refused.length >= 1, "some job was refused");
    for (const r of refused) assert.ok((r as PromiseRejectedResult).reason instanceof HashPoolBusy);
    assert.ok(settled.filter((s) => s.status === "fulfilled").length >= 3);
    assert.equal(pool.admits(), true, "the queue empties again");
  } finally {
    pool.close();
  }
});
