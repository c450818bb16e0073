// The hash pool: hashes made in worker threads verify, and the queue is bounded.

import assert from "node:assert/strict";
import {
  HashPool,
  HashPoolBusy,
  OWNER_BUSY,
  type WorkerLike,
  type WorkerMessage,
} from "./hash_pool.ts";
import { type HashJob, runJob } from "./hash_worker.ts";

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
  // workers the test drives: each ends when the test says its quiet while is over
  const started: DrivenWorker[] = [];
  const startWorker = () => started[started.push(new DrivenWorker()) - 1];
  const pool = new HashPool({ workers: 2, maxQueue: 8, idleMs: 150, startWorker });
  try {
    assert.equal(pool.workers(), 0, "no worker before any work");
    const first = [pool.hash("a-Pass-1", CHEAP), pool.hash("b-Pass-2", CHEAP)];
    assert.equal(pool.workers(), 2);
    assert.deepEqual(started.map((w) => w.idleMs), [150, 150], "each is told its quiet while");
    await Promise.all(started.map((w) => w.finish()));
    const hashes = await Promise.all(first);
    assert.equal(pool.workers(), 2, "finished workers wait for more work");
    for (const w of started) w.retire();
    assert.equal(pool.workers(), 0, "idle workers ended");
    const later = pool.verify("a-Pass-1", hashes[0]);
    assert.equal(pool.workers(), 1, "a later job starts a worker");
    await started[2].finish();
    assert.equal(await later, true);
  } finally {
    pool.close();
  }
});

Deno.test("a real worker ends by itself after its quiet while", async () => {
  // the test waits for the worker to say it ended, not for a time
  const ended = Promise.withResolvers<void>();
  const pool = new HashPool({ workers: 1, maxQueue: 8, idleMs: 1, onRetired: ended.resolve });
  try {
    assert.match(await pool.hash("a-Pass-1", CHEAP), /^\$argon2id\$/);
    await ended.promise;
    assert.equal(pool.workers(), 0);
  } finally {
    pool.close();
  }
});

/** A worker the test drives: it runs a job, or ends for lack of work, when the test says. */
class DrivenWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  readonly jobs: HashJob[] = [];
  idleMs: number | null = null;
  terminated = false;

  postMessage(message: HashJob | { idleMs: number }): void {
    if ("idleMs" in message) this.idleMs = message.idleMs;
    else this.jobs.push(message);
  }

  /** Runs the oldest job it was sent and answers it. */
  async finish(): Promise<void> {
    const job = this.jobs.shift()!;
    this.onmessage!({ data: { id: job.id, result: await runJob(job) } } as MessageEvent);
  }

  /** Ends for lack of work, as a real worker does when its quiet while is over; a job the pool
   * sent meanwhile is left unanswered. */
  retire(): void {
    this.onmessage!({ data: { retired: true } } as MessageEvent);
  }

  terminate(): void {
    this.terminated = true;
  }
}

Deno.test("a job sent to a worker just as it ends is run by another", async () => {
  const started: DrivenWorker[] = [];
  const startWorker = () => started[started.push(new DrivenWorker()) - 1];
  const pool = new HashPool({ workers: 1, maxQueue: 8, startWorker });
  try {
    const a = pool.hash("Pass-a-x", CHEAP, { signIn: true });
    await started[0].finish();
    assert.match(await a, /^\$argon2id\$/);
    // the worker is idle; a job goes to it, and its quiet while ends before it reads the job
    const b = pool.hash("Pass-b-x", CHEAP, { signIn: true });
    assert.equal(started[0].jobs.length, 1, "the job went to the idle worker");
    started[0].retire();
    assert.equal(started.length, 2, "another worker started for the job");
    assert.equal(started[1].jobs.length, 1, "the job was sent to the new worker");
    await started[1].finish();
    assert.match(await b, /^\$argon2id\$/);
    assert.equal(pool.workers(), 1);
  } finally {
    pool.close();
  }
});

Deno.test("sign-ins take turns by address, and one address holds only its share of the queue", async () => {
  const started: DrivenWorker[] = [];
  const startWorker = () => started[started.push(new DrivenWorker()) - 1];
  const pool = new HashPool({ workers: 1, maxQueue: 16, perSignInOwner: 3, startWorker });
  try {
    const order: string[] = [];
    const job = (who: string, i: number) =>
      pool.hash(`${who}-Pass-${i}`, CHEAP, { signIn: true, owners: [`address ${who}`] }).then(
        () => (order.push(who), "done"),
        (e) => (e instanceof HashPoolBusy ? "busy" : String(e)),
      );
    const flood = Array.from({ length: 6 }, (_, i) => job("A", i));
    const colleague = job("B", 0);
    for (let i = 0; i < 4; i++) await started[0].finish();
    assert.deepEqual(await Promise.all(flood), ["done", "done", "done", "busy", "busy", "busy"]);
    assert.equal(await colleague, "done");
    // the first of A was running already; B came next, before the rest of A
    assert.deepEqual(order, ["A", "B", "A", "A"]);
  } finally {
    pool.close();
  }
});

Deno.test("a job's own share bounds its owners more tightly than the pool's", async () => {
  const pool = new HashPool({ workers: 1, maxQueue: 16, perSignInOwner: 4 });
  try {
    const tag = { signIn: true, owners: ["address T"], share: 1 };
    const first = pool.hash("t-Pass-1", CHEAP, tag);
    assert.equal(pool.admits(tag), false, "one at a time for this owner");
    assert.equal(pool.admits({ signIn: true, owners: ["address T"] }), true);
    assert.equal(pool.admits({ signIn: true, owners: ["address U"], share: 1 }), true);
    await first;
    assert.equal(pool.admits(tag), true);
  } finally {
    pool.close();
  }
});
