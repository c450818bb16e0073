// The hash pool: hashes made in worker threads verify, and the queue is bounded.

import assert from "node:assert/strict";
import { HashPool, HashPoolBusy, OWNER_BUSY } from "./hash_pool.ts";

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
    const jobs = Array.from({ length: 6 }, (_, i) => pool.hash(`p${i}`, CHEAP, { signIn: true }));
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

Deno.test("other work fills only its share of the queue, and one owner holds at most two jobs", async () => {
  const pool = new HashPool({ workers: 1, maxQueue: 4 });
  try {
    const busy = (p: Promise<unknown>) =>
      p.then(() => "done", (e) => (e instanceof HashPoolBusy ? e.message : String(e)));
    // one account floods: two of its jobs are taken, the rest refused at once
    const flood = Array.from(
      { length: 5 },
      (_, i) => busy(pool.hash(`f${i}`, CHEAP, { owners: ["account:F", "session:x"] })),
    );
    // other accounts' work: the half of the queue that is not kept for sign-ins
    const others = Array.from(
      { length: 4 },
      (_, i) => busy(pool.hash(`o${i}`, CHEAP, { owners: [`account:O${i}`] })),
    );
    // sign-ins still find room
    assert.equal(pool.admits({ signIn: true }), true);
    const signIns = Array.from(
      { length: 2 },
      (_, i) => busy(pool.hash(`s${i}`, CHEAP, { signIn: true })),
    );
    const [f, o, s] = await Promise.all([flood, others, signIns].map((l) => Promise.all(l)));
    assert.deepEqual(f.map((r) => r === "done"), [true, true, false, false, false]);
    assert.ok(f.slice(2).every((r) => r === OWNER_BUSY), f.join());
    assert.ok(o.some((r) => r !== "done"), "other work was bounded");
    assert.deepEqual(s, ["done", "done"]);
  } finally {
    pool.close();
  }
});

Deno.test("workers start with the work and end after a quiet while; the next job starts one again", async () => {
  const pool = new HashPool({ workers: 2, maxQueue: 8, idleMs: 150 });
  try {
    assert.equal(pool.workers(), 0, "no worker before any work");
    const first = await Promise.all([pool.hash("a-Pass-1", CHEAP), pool.hash("b-Pass-2", CHEAP)]);
    assert.equal(pool.workers(), 2);
    for (let i = 0; i < 50 && pool.workers() > 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(pool.workers(), 0, "idle workers ended");
    assert.equal(await pool.verify("a-Pass-1", first[0]), true, "a later job starts a worker");
    assert.equal(pool.workers(), 1);
  } finally {
    pool.close();
  }
});

Deno.test("a job sent to a worker just as it ends is run by another", async () => {
  // workers that end after 1 ms of quiet: jobs keep arriving as they end
  const pool = new HashPool({ workers: 2, maxQueue: 64, idleMs: 1 });
  try {
    const hashes: Promise<string>[] = [];
    for (let i = 0; i < 40; i++) {
      hashes.push(pool.hash(`Pass-${i}-x`, CHEAP, { signIn: true }));
      await new Promise((r) => setTimeout(r, i % 4));
    }
    const done = await Promise.all(hashes);
    assert.equal(done.filter((h) => h.startsWith("$argon2id$")).length, 40);
  } finally {
    pool.close();
  }
});
